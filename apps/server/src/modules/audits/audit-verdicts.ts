import type { AltTextIssue, AuditImage } from '@altwise/shared';
import { judgeElement } from '@altwise/engine/elements';
import type { FoundImage } from './page-images';

export const FUNCTIONAL_EMPTY: AltTextIssue = {
  id: 'functional-image-no-name',
  severity: 'error',
  message: 'This image is the only content of a link or button, so its alt text must say where the link goes or what the button does (WCAG G94, F89)',
};

export const MISSING_NAME: AltTextIssue = {
  id: 'missing-alt',
  severity: 'error',
  message: 'This image has no text alternative: screen readers announce it without saying what it shows',
};

export const MISSING_FUNCTIONAL_NAME: AltTextIssue = {
  ...FUNCTIONAL_EMPTY,
  id: 'missing-alt',
};

/** Why a link's or button's only image got no suggestion when the describer saw nothing to say. */
export const EMPTY_FOR_FUNCTIONAL = {
  code: 'needs_purpose',
  message: 'No suggestion: this image is the only content of a link or button, so an empty alt would leave it without a name. Write where the link goes or what the button does.',
};

/**
 * missing: nothing to announce (or decorative markup on the only content of a link or button);
 * decorative: hidden on purpose; poor: the quality checker has an error or a warning; ok otherwise.
 * The checker reads the name in the image's language and, for a link's or button's only content,
 * against its purpose (the destination or action it must name).
 */
export function verdictOf(
  image: Pick<FoundImage, 'presentation' | 'accessibleName' | 'nameSource' | 'kind' | 'context' | 'purpose' | 'besideText' | 'adjacentText' | 'textAround'>,
  language: string | null,
): Pick<AuditImage, 'verdict' | 'issues'> {
  const context = [...new Set([image.context.figcaption, image.textAround].filter(Boolean))].join(' ');
  const judged = judgeElement({
    kind: image.kind,
    name: { name: image.accessibleName, source: image.nameSource },
    presentation: image.presentation,
    purpose: image.purpose ?? undefined,
    besideText: image.besideText,
    adjacentText: image.adjacentText ?? undefined,
    language: language ?? undefined,
    context: context || undefined,
  });
  // The audit's own ids for the two ways a link's only image leaves it nameless (the API's contract).
  // A link's or button's only image left nameless: by its markup (hidden, alt="") or by no name at all.
  const linkImage = image.context.link?.soleContent === true && judged.verdict === 'missing';
  if (linkImage) return { verdict: 'missing', issues: [image.presentation !== null ? FUNCTIONAL_EMPTY : MISSING_FUNCTIONAL_NAME] };
  if (judged.verdict === 'missing' && image.kind === 'img') return { verdict: 'missing', issues: [MISSING_NAME] };
  // The audit has no 'unknown': a fetched page's markup is always known.
  return { verdict: judged.verdict === 'unknown' ? 'missing' : judged.verdict, issues: [...judged.issues] };
}

/**
 * What the describer is told about the image's surroundings: the page's own words only (caption,
 * heading, nearby text, page title), most telling first, within 2000 characters. No labels and no
 * instructions: a describer that pastes its context must never paste ours ("Caption: …"), and what
 * a link image is for travels as the generation's `purpose`, not as a sentence.
 */
export function suggestionContext(pageTitle: string | null, image: Pick<AuditImage, 'context'>): string {
  const { figcaption, heading, paragraph } = image.context;
  const lines = [...new Set([figcaption, heading, paragraph, pageTitle].filter((line): line is string => Boolean(line)))];
  return lines.join('\n').slice(0, 2000);
}
