import type { AuditImage } from '@altwise/sdk';
import { Badge } from '@/components/badge';
import type { BadgeTone } from '@/components/badge';
import { CopyButton } from '@/components/copy-button';
import { DraftBadge, DraftExplanation } from '@/components/draft-notice';

export const VERDICT: Record<AuditImage['verdict'], { label: string; tone: BadgeTone }> = {
  missing: { label: 'Missing', tone: 'red' },
  poor: { label: 'Poor', tone: 'amber' },
  broken: { label: 'Broken', tone: 'red' },
  decorative: { label: 'Decorative', tone: 'gray' },
  ok: { label: 'OK', tone: 'green' },
};

/** alt="…" ready to paste into HTML: quotes and ampersands escaped. */
export function altAttribute(text: string): string {
  return `alt="${text.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
}

/** A link's or button's only image: an empty alt would leave the control without a name (WCAG F89). */
const isFunctional = (image: AuditImage) => image.context.link?.soleContent === true;

const muted = 'text-gray-700 dark:text-gray-300';

function currentAlt(image: AuditImage) {
  if (image.accessibleName === null) return <span className={`italic ${muted}`}>None</span>;
  if (image.accessibleName === '') return <span className={`italic ${muted}`}>Empty (decorative)</span>;
  return (
    <>
      {/* In the page's language, so a screen reader pronounces it as written. */}
      <span lang={image.language ?? undefined}>{image.accessibleName}</span>
      {image.nameSource && <span className={`block text-xs ${muted}`}>from {image.nameSource}</span>}
    </>
  );
}

function Suggestion({ image }: { image: AuditImage }) {
  const number = image.index + 1;
  if (image.suggestion === null) return image.suggestionError ? <p className={muted}>{image.suggestionError.message}</p> : <p className={muted}>None asked for</p>;
  if (image.suggestion.trim() === '') {
    // Never offer alt="" where it would create a failure.
    if (isFunctional(image)) {
      return <p className={muted}>No suggestion: an empty alt would leave this {image.context.link?.element === 'a' ? 'link' : 'button'} without a name. Write where it goes or what it does.</p>;
    }
    return (
      <>
        <p className={muted}>Decorative: nothing to describe.</p>
        <CopyButton text='alt=""' aria-label={`Copy empty alt attribute for image ${number}`} successMessage="alt attribute copied" className="mt-2">
          Copy alt=&quot;&quot;
        </CopyButton>
      </>
    );
  }
  if (image.suggestionVerification === 'draft') {
    // No vision model wrote it: labelled as everywhere else, and every copy says it is a draft.
    return (
      <>
        <DraftBadge />
        <p lang={image.language ?? undefined} className="mt-1">
          {image.suggestion}
        </p>
        <DraftExplanation className={`mt-1 text-xs ${muted}`} />
        <div className="mt-2 flex flex-wrap gap-2">
          <CopyButton text={image.suggestion} aria-label={`Copy draft suggestion for image ${number}`} successMessage="Draft copied: check it against the image">
            Copy draft
          </CopyButton>
          <CopyButton text={altAttribute(image.suggestion)} aria-label={`Copy draft alt attribute for image ${number}`} successMessage="Draft alt attribute copied: check it against the image">
            Copy draft alt=&quot;…&quot;
          </CopyButton>
        </div>
      </>
    );
  }
  return (
    <>
      <p lang={image.language ?? undefined}>{image.suggestion}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <CopyButton text={image.suggestion} aria-label={`Copy suggestion for image ${number}`} successMessage="Suggestion copied">
          Copy
        </CopyButton>
        <CopyButton text={altAttribute(image.suggestion)} aria-label={`Copy alt attribute for image ${number}`} successMessage="alt attribute copied">
          Copy alt=&quot;…&quot;
        </CopyButton>
      </div>
    </>
  );
}

function Preview({ image }: { image: AuditImage }) {
  if (image.verdict !== 'broken' && image.imageUrl && /^https?:/.test(image.imageUrl)) {
    // The current and suggested alt text are beside it.
    return <img src={image.imageUrl} alt="" className="h-16 w-24 rounded object-cover" loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span className={`flex h-16 w-24 items-center justify-center rounded border border-dashed border-gray-400 text-center text-xs ${muted}`}>
      {image.verdict === 'broken' ? 'Did not load' : image.kind === 'svg' ? 'Inline SVG' : 'No preview'}
    </span>
  );
}

const term = 'text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300';

/**
 * One card per image: it reflows to a phone's width (a five-column table scrolled sideways).
 * Each card has a heading, so a screen-reader user moves image to image.
 */
export function AuditImageList({ images }: { images: AuditImage[] }) {
  return (
    <ol className="space-y-4" aria-label="Images on the page">
      {images.map((image) => (
        <li key={image.index} data-testid="audit-row" className="rounded-xl border border-gray-200 p-4 text-sm text-gray-900 dark:border-gray-800 dark:text-gray-100">
          <div className="flex flex-wrap items-start gap-4">
            <Preview image={image} />
            <div className="min-w-0 flex-1 basis-48">
              <h3 className="flex flex-wrap items-center gap-2 font-semibold text-gray-900 dark:text-white">
                Image {image.index + 1}
                <Badge tone={VERDICT[image.verdict].tone}>{VERDICT[image.verdict].label}</Badge>
              </h3>
              <p className={`mt-1 break-words ${muted}`}>{image.location}</p>
              <details className="mt-1">
                <summary className="cursor-pointer rounded text-xs font-medium text-blue-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400">
                  CSS path
                </summary>
                <code className={`mt-1 block text-xs break-all ${muted}`}>{image.selector}</code>
              </details>
            </div>
          </div>
          <dl className="mt-4 grid gap-4 md:grid-cols-3">
            <div className="min-w-0 break-words">
              <dt className={term}>Current alt</dt>
              <dd className="mt-1">
                {currentAlt(image)}
                {image.language && <span className={`block text-xs ${muted}`}>Language: {image.language}</span>}
              </dd>
            </div>
            <div className="min-w-0 break-words">
              <dt className={term}>Suggestion</dt>
              <dd className="mt-1">
                <Suggestion image={image} />
              </dd>
            </div>
            <div className="min-w-0 break-words">
              <dt className={term}>Issues</dt>
              <dd className="mt-1">
                {image.issues.length > 0 ? (
                  <ul className="list-disc pl-4">
                    {image.issues.map((issue) => (
                      <li key={issue.id}>{issue.message}</li>
                    ))}
                  </ul>
                ) : (
                  <span className={muted}>None</span>
                )}
                {isFunctional(image) && <p className={`mt-1 text-xs ${muted}`}>Only content of a {image.context.link?.element === 'a' ? 'link' : 'button'}</p>}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
