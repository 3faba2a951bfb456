export interface IgnoreDirective {
    /** Offset just past the comment: "the next image" is the first that starts after it. */
    end: number;
    nextLine: boolean;
    /** Rule ids it is limited to; empty: every rule. */
    rules: string[];
}
export declare function ignoreDirectives(source: string): IgnoreDirective[];
export interface Suppression {
    /** Every rule, or only these. */
    rules: ReadonlySet<string> | 'all';
}
/**
 * Which images (by index, in source order) each directive silences. `lineOf` turns an offset into
 * its line; `starts` are the images' start offsets, ascending.
 */
export declare function suppressions(directives: readonly IgnoreDirective[], starts: readonly number[], lineOf: (offset: number) => number): Map<number, Suppression>;
export declare const isSuppressed: (suppression: Suppression | undefined, ruleId: string) => boolean;
