export interface Position {
    line: number;
    column: number;
}
/** Offsets where each line starts, found once per file so every image costs a binary search. */
export declare function lineStarts(source: string): number[];
export declare function positionOf(starts: readonly number[], offset: number): Position;
