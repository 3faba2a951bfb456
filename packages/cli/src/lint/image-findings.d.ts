import type { AltTextIssue } from '@altwise/shared';
import type { ElementVerdict } from '@altwise/engine/elements';
import type { FoundImage } from '../fill/found-image';
export interface ImageIssue {
    ruleId: string;
    severity: 'error' | 'warning';
    message: string;
}
/** The element model's verdict on a found element, and its issues. */
export declare function judgeFound(image: FoundImage, fallbackLanguage: string | undefined): {
    verdict: ElementVerdict;
    issues: readonly AltTextIssue[];
};
export declare function imageIssues(image: FoundImage, fallbackLanguage: string | undefined): ImageIssue[];
