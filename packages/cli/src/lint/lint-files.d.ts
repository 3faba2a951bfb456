import type { ChangedLines } from './changed-lines';
import type { LintConfig } from './lint-config';
import type { FoundImage } from '@altwise/engine/markup';
import type { LintFinding, LintReport } from './lint-report';
export interface LintOptions {
    patterns: string[];
    cwd: string;
    config: LintConfig;
    /** --language: the alt text's language where the file does not say (before the config's). */
    language?: string;
    changed?: ChangedLines;
}
export declare function lintFiles(options: LintOptions): Promise<LintReport>;
/** One image of a file, with what lint says of it (after the configuration and the ignore comments). */
export interface LintedImage {
    image: FoundImage;
    findings: LintFinding[];
    /** Findings an altwise-ignore comment silenced. */
    suppressed: number;
    /** Whether a changed line holds it (always, without `changed`). */
    touched: boolean;
}
/** Every image of one file and its findings; `relative` is how findings name the file. */
export declare function lintSource(file: string, relative: string, source: string, options: Omit<LintOptions, 'patterns'>): LintedImage[];
