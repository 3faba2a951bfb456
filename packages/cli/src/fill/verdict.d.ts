import type { AnswerError, CachedDescription } from './describe-cache';
/**
 * The API's verdict on an answer. Only 'model' and 'reviewed' count as such: anything else, a
 * missing or unknown value included, is treated as a draft, so text nobody vouched for is never
 * written silently.
 */
export declare function verdictOf(result: {
    verification?: unknown;
    verificationReason?: unknown;
}): Pick<CachedDescription, 'verification' | 'verificationReason'>;
export declare const draftWhy: (description: CachedDescription) => string;
/** The error-level issues the server's checker found in an answer (`issues` of a describe or check). */
export declare function errorsOf(result: {
    issues?: unknown;
}): AnswerError[];
/** "the checker found an error: <message> (<id>)", for the summary and the review prompt. */
export declare const errorWhy: (errors: readonly AnswerError[]) => string;
