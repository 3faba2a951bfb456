/** The path with every symlink followed; null when nothing is there. */
export declare function realPathOf(target: string): string | null;
/** Whether `target` (followed through its links when it exists) lies in one of `folders`. */
export declare function isInside(target: string, folders: readonly string[]): boolean;
