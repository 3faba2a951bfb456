import type { ImagePurpose, Verification } from '@altwise/shared';
export declare const CACHE_FILE = ".altwise-cache.json";
/** An error-level issue the server's checker found in an answer (its id and message). */
export interface AnswerError {
    id: string;
    message: string;
}
export interface CachedDescription {
    altText: string;
    verification: Verification;
    verificationReason?: string;
    /** The checker's error-level issues with the answer; absent in entries written before they were kept (fill asks the checker then). */
    errors?: AnswerError[];
}
/** The picture (its bytes, or its URL) and what was asked of its description. */
export declare function requestKey(picture: {
    url: string;
} | {
    bytes: Uint8Array;
}, asked: {
    language?: string;
    purpose?: ImagePurpose;
}): string;
export declare function openCache(file: string): {
    /** An entry without a verdict we can read (written before verdicts existed) counts as absent: it is described again. */
    get(key: string): CachedDescription | undefined;
    /** Written at once, atomically (temp file + rename), so a kill never leaves half a file. */
    set(key: string, description: CachedDescription): void;
};
export type DescribeCache = ReturnType<typeof openCache>;
