import type { ImagePurpose } from '@altwise/shared';
import type { LintSeverity } from './lint-rules';
export interface LintFinding {
    /** Relative to the working folder, with forward slashes. */
    file: string;
    line: number;
    column: number;
    /** Where the image's markup ends; endColumn is one past its last character. */
    endLine: number;
    endColumn: number;
    ruleId: string;
    severity: LintSeverity;
    message: string;
    /** The image as written: its src, and its alt text (null when it has none). */
    src: string;
    alt: string | null;
    /** The language the alt text was judged in, when the file or the configuration says. */
    language?: string;
    purpose?: ImagePurpose;
}
export interface LintReport {
    version: 1;
    findings: LintFinding[];
    summary: {
        files: number;
        images: number;
        errors: number;
        warnings: number;
        /** Findings silenced by an altwise-ignore comment. */
        suppressed: number;
    };
}
