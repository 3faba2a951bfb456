/** The source with fenced blocks and inline code spans blanked out. */
export declare function blankCode(source: string): string;
/** Reference definitions (`[label]: url "title"`), by label, case- and space-insensitive. */
export declare function referenceDefinitions(source: string): Map<string, string>;
export declare const normaliseLabel: (label: string) => string;
