import type { FoundImage, ImageSource, Syntax } from './found-image';
export declare const FILLABLE_EXTENSIONS: string[];
export interface FindOptions {
    /** Where a root-relative src (/images/a.png) is looked up. */
    root: string;
}
/**
 * Plain text around an offset, at most ~600 characters. In markup (HTML, JSX, Vue, Astro) only the
 * text between tags counts, so code (imports, expressions) never reaches the describer.
 */
export declare function contextAround(source: string, start: number, end: number, markup?: boolean): string;
/** A src as written becomes a URL to send or a local file to upload. */
export declare function resolveSource(src: string, file: string, options: FindOptions): ImageSource;
export declare function syntaxOf(file: string): Syntax;
/** Every element that needs a text alternative in one file, in source order. */
export declare function findImages(source: string, file: string, options: FindOptions): FoundImage[];
