import { checkAltText } from '@altwise/engine';
import type { ImagePurpose, JobItem, ReviewRequest } from '@altwise/shared';

type ItemResult = NonNullable<JobItem['result']>;

/**
 * A job item's result after a person's review (issue 19): accepting it or writing its text makes it
 * `reviewed` — a person now stands behind it, draft or not — and its compliance is the checker's
 * verdict on the text as it now reads (a draft's forced "not compliant" and its no-vision-model
 * note no longer apply; uncertain OCR words were seen). A rejection without new text changes
 * nothing: null keeps the stored result.
 */
export function reviewedResult(
  previous: ItemResult,
  request: ReviewRequest,
  item: { context: string | null; language?: string; maxLength?: number; purpose?: ImagePurpose },
): ItemResult | null {
  if (request.status !== 'approved' && request.altText === undefined) return null;
  const altText = request.altText ?? previous.altText;
  // A person who writes text for an image the describer called decorative says it is not decorative.
  const isDecorative = previous.isDecorative && altText.trim() === '';
  const check = checkAltText({
    altText,
    context: item.context ?? undefined,
    maxLength: item.maxLength,
    language: item.language,
    purpose: item.purpose,
    isDecorative,
    longDescription: previous.longDescription,
  });
  const { verificationReason: _reason, uncertainText: _uncertain, ...kept } = previous;
  return { ...kept, altText, isDecorative, verification: 'reviewed', wcagCompliant: check.wcagCompliant, issues: check.issues };
}
