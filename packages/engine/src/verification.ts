import type { AltTextIssue } from '@altwise/shared';
import type { AltTextDescription } from './description';
import type { ProviderName } from './providers/vision-provider';

/**
 * Carried by every draft: nobody looked at the pixels with a vision model. (The engine's own
 * wording, because the offline describer's output is the engine's: it no longer takes the
 * context, the file name or metadata as the description.)
 */
export const DRAFT_WARNING: AltTextIssue = Object.freeze({
  id: 'no-vision-model',
  severity: 'warning',
  message:
    'No vision model was used: this draft says only what was measured (text read in the image, photograph or graphic, colours, transparency, animation). Review it before publishing.',
});

/** `draft` when no vision model described the pixels (the offline describer), else `model`. */
export function verificationOf(provider: ProviderName): AltTextDescription['verification'] {
  return provider === 'offline' ? 'draft' : 'model';
}

/**
 * Who stands behind a description, set on every one the engine returns, cached ones included:
 * an entry saved before the field existed is read by its provider (offline ⇒ draft). A draft is
 * never WCAG compliant, whatever its checker said; a model answer keeps the checker's verdict.
 */
export function withVerification(description: AltTextDescription): AltTextDescription {
  const verification = description.verification ?? verificationOf(description.provider);
  if (verification === 'draft') {
    return { ...description, verification, verificationReason: 'no_vision_model', wcagCompliant: false };
  }
  const { verificationReason: _reason, ...rest } = description;
  return { ...rest, verification };
}
