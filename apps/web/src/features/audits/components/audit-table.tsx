import type { AuditImage } from '@altwise/sdk';
import { Badge } from '@/components/badge';
import type { BadgeTone } from '@/components/badge';
import { CopyButton } from '@/components/copy-button';

const VERDICT: Record<AuditImage['verdict'], { label: string; tone: BadgeTone }> = {
  missing: { label: 'Missing', tone: 'red' },
  poor: { label: 'Poor', tone: 'amber' },
  decorative: { label: 'Decorative', tone: 'gray' },
  ok: { label: 'OK', tone: 'green' },
};

/** alt="…" ready to paste into HTML: quotes and ampersands escaped. */
export function altAttribute(text: string): string {
  return `alt="${text.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
}

/** The language the image was checked and described in (the page's lang, or the one asked for). */
function languageNote(image: AuditImage) {
  return image.language ? <span className="block text-xs text-gray-600 dark:text-gray-300">Language: {image.language}</span> : null;
}

function currentAlt(image: AuditImage) {
  if (image.accessibleName === null) return <span className="italic text-gray-600 dark:text-gray-300">None</span>;
  if (image.accessibleName === '') return <span className="italic text-gray-600 dark:text-gray-300">Empty (decorative)</span>;
  return (
    <>
      {/* In the page's language, so a screen reader pronounces it as written. */}
      <span lang={image.language ?? undefined}>{image.accessibleName}</span>
      {image.nameSource && <span className="block text-xs text-gray-600 dark:text-gray-300">from {image.nameSource}</span>}
    </>
  );
}

export function AuditTable({ images }: { images: AuditImage[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm text-gray-900 dark:text-gray-100">
        <caption className="sr-only">Images on the page</caption>
        <thead className="border-b border-gray-300 dark:border-gray-700">
          <tr>
            <th scope="col" className="p-2">Image</th>
            <th scope="col" className="p-2">Verdict</th>
            <th scope="col" className="p-2">Current alt</th>
            <th scope="col" className="p-2">Suggestion</th>
            <th scope="col" className="p-2">Issues</th>
          </tr>
        </thead>
        <tbody>
          {images.map((image) => (
            <tr key={image.index} className="border-b border-gray-200 align-top dark:border-gray-800" data-testid="audit-row">
              <td className="p-2">
                {image.imageUrl && /^https?:/.test(image.imageUrl) ? (
                  // The current and suggested alt text are in the same row.
                  <img src={image.imageUrl} alt="" className="h-12 w-16 rounded object-cover" loading="lazy" referrerPolicy="no-referrer" />
                ) : (
                  <span className="text-xs text-gray-600 dark:text-gray-300">{image.kind === 'svg' ? 'Inline SVG' : 'No preview'}</span>
                )}
                <code className="mt-1 block max-w-48 break-all text-xs text-gray-600 dark:text-gray-300">{image.selector}</code>
              </td>
              <td className="p-2">
                <Badge tone={VERDICT[image.verdict].tone}>{VERDICT[image.verdict].label}</Badge>
              </td>
              <td className="p-2">
                {currentAlt(image)}
                {languageNote(image)}
              </td>
              <td className="p-2">
                {image.suggestion !== null ? (
                  <>
                    <p lang={image.language ?? undefined}>{image.suggestion}</p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <CopyButton text={image.suggestion} aria-label={`Copy suggestion for image ${image.index + 1}`} successMessage="Suggestion copied">
                        Copy
                      </CopyButton>
                      <CopyButton text={altAttribute(image.suggestion)} aria-label={`Copy alt attribute for image ${image.index + 1}`} successMessage="alt attribute copied">
                        Copy alt=""
                      </CopyButton>
                    </div>
                  </>
                ) : image.suggestionError ? (
                  <span className="text-gray-700 dark:text-gray-300">{image.suggestionError.message}</span>
                ) : null}
              </td>
              <td className="p-2">
                {image.issues.length > 0 && (
                  <ul className="list-disc pl-4">
                    {image.issues.map((issue) => (
                      <li key={issue.id}>{issue.message}</li>
                    ))}
                  </ul>
                )}
                {image.context.link?.soleContent && (
                  <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">Only content of a {image.context.link.element === 'a' ? 'link' : 'button'}</p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
