export interface ChangedLines {
    /** Whether any line of `first`..`last` of `file` (an absolute path) was touched. */
    touches(file: string, first: number, last: number): boolean;
}
/** Added and changed lines per file (relative to the repository's top), from a zero-context diff. */
export declare function parseUnifiedDiff(diff: string): Map<string, Array<[number, number]>>;
/** The lines changed since `base` (a commit, branch or tag) in the repository that holds `cwd`. */
export declare function changedLines(base: string, cwd: string): Promise<ChangedLines>;
