export type LintSeverity = 'error' | 'warning';
export interface LintRule {
    id: string;
    /** The severity the rule usually reports; the checker may raise or lower one case (too-long). */
    severity: LintSeverity;
    summary: string;
    help: string;
    /** WCAG success criteria ("1.1.1") and techniques or failures ("F30", "G94"). */
    criteria: readonly string[];
    techniques: readonly string[];
}
export declare const LINT_RULES: readonly LintRule[];
/** The rule of an id; a checker rule added later, not yet catalogued, still gets a plain entry. */
export declare function lintRule(id: string): LintRule;
export declare const isKnownRule: (id: string) => boolean;
/** Where the W3C explains a technique or failure ("F30" → its page in the WCAG 2.2 techniques). */
export declare function techniqueUrl(technique: string): string;
export declare const criterionUrl: (criterion: string) => string;
/** The page a rule's help points to: its first technique, else its first criterion. */
export declare const ruleHelpUrl: (entry: LintRule) => string;
