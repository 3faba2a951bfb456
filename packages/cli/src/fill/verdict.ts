// Whether an answer of the API is a draft (no vision model looked at the image) or text a model or a
// person vouched for: `fill` writes drafts only when told, the GitHub Action never suggests them as final.
import { verificationReasonSchema, verificationSchema } from '@altwise/shared';
import type { AnswerError, CachedDescription } from './describe-cache';

/**
 * The API's verdict on an answer. Only 'model' and 'reviewed' count as such: anything else, a
 * missing or unknown value included, is treated as a draft, so text nobody vouched for is never
 * written silently.
 */
export function verdictOf(result: {
  verification?: unknown;
  verificationReason?: unknown;
}): Pick<CachedDescription, 'verification' | 'verificationReason'> {
  const verification = verificationSchema.safeParse(result.verification);
  const reason = verificationReasonSchema.safeParse(result.verificationReason);
  if (verification.success && verification.data !== 'draft') return { verification: verification.data };
  return {
    verification: 'draft',
    verificationReason: reason.success ? reason.data : verification.success ? undefined : 'unverified',
  };
}

export const draftWhy = (description: CachedDescription) =>
  description.verificationReason === 'unverified'
    ? 'the server did not say a vision model described this image'
    : `no vision model described this image${description.verificationReason ? ` (${description.verificationReason})` : ''}`;

/** The error-level issues the server's checker found in an answer (`issues` of a describe or check). */
export function errorsOf(result: { issues?: unknown }): AnswerError[] {
  if (!Array.isArray(result.issues)) return [];
  return result.issues
    .filter((issue): issue is { id: string; message: string; severity: string } => issue?.severity === 'error' && typeof issue.id === 'string' && typeof issue.message === 'string')
    .map(({ id, message }) => ({ id, message }));
}

/** "the checker found an error: <message> (<id>)", for the summary and the review prompt. */
export const errorWhy = (errors: readonly AnswerError[]) =>
  `the checker found ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${errors.map(({ id, message }) => `${message} (${id})`).join('; ')}`;
