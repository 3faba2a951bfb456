export interface ScannedAttr {
    name: string;
    /** Offset of the first character of the name, and one past the end of the whole attribute. */
    start: number;
    end: number;
    /** The value without its quotes or braces, and its offsets; null for a bare attribute. */
    value: string | null;
    valueStart: number;
    valueEnd: number;
    quote: '"' | "'" | '{' | null;
}
export interface ScannedTag {
    /** The tag name, lower-cased. */
    name: string;
    start: number;
    /** One past the tag name (`<img`). */
    nameEnd: number;
    end: number;
    attrs: ScannedAttr[];
}
/**
 * Every start tag whose name is in `names` (lower case; null: any name) outside HTML comments. The
 * name must be followed by a space, `/` or `>`.
 */
export declare function scanStartTags(source: string, names: ReadonlySet<string> | null): ScannedTag[];
/** Every <img> start tag outside HTML comments; `<img` must be followed by a space, `/` or `>`. */
export declare const scanImgTags: (source: string) => ScannedTag[];
