import type { ImagePurpose } from '@altwise/shared';
import type { ScannedTag } from './tag-scanner';
/** A BCP-47 tag as the API takes it (fr_CA becomes fr-CA), or undefined for anything else. */
export declare function languageTag(value: string | null | undefined): string | undefined;
/** A purpose only when it passes the contract (a 2,049-character href is dropped, not sent). */
export declare function checkedPurpose(purpose: ImagePurpose): ImagePurpose | undefined;
/** The link or button an <img> tag is the only content of, if it is. */
export declare function purposeAround(source: string, image: Pick<ScannedTag, 'start' | 'end'>, openers: readonly ScannedTag[]): ImagePurpose | undefined;
export declare const linkOrButtonTags: (source: string) => ScannedTag[];
/** Start tags that carry a human `lang`, in source order. */
export declare function langTags(source: string): ScannedTag[];
/** The `lang` of the nearest element still open at `offset` (its end tag not yet seen), if any. */
export declare function languageAt(source: string, offset: number, tags: readonly ScannedTag[]): string | undefined;
/** `lang:` or `locale:` in a Markdown or MDX file's YAML front matter. */
export declare function frontMatterLanguage(source: string): string | undefined;
