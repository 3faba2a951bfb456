// What an image's surroundings say about the alt text it needs, in sources read by the tag scanner
// (JSX, TSX, Vue, Astro, MDX, HTML inside Markdown): the language of the nearest element with a
// `lang`, and whether the image is the only content of a link or a button (WCAG G94: then its alt
// text names the destination or the action). Values come from files anyone may have written, so
// each is checked against the shared contract before it goes into a request.
import type { ImagePurpose } from '@altwise/shared';
import { imagePurposeSchema, languageSchema } from '@altwise/shared';
import { hostKindOf } from '../elements';
import type { ScannedAttr, ScannedTag } from './tag-scanner';
import { scanStartTags } from './tag-scanner';

/** A BCP-47 tag as the API takes it (fr_CA becomes fr-CA), or undefined for anything else. */
export function languageTag(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const parsed = languageSchema.safeParse(value.trim().replace(/_/g, '-'));
  return parsed.success ? parsed.data : undefined;
}

/** A purpose only when it passes the contract (a 2,049-character href is dropped, not sent). */
export function checkedPurpose(purpose: ImagePurpose): ImagePurpose | undefined {
  const parsed = imagePurposeSchema.safeParse(purpose);
  return parsed.success ? Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined && value !== '')) as ImagePurpose : undefined;
}

/** A static attribute value: quoted, or (HTML, Vue, Astro) unquoted; never a {…} expression. */
const staticValue = (attr: ScannedAttr | undefined) => (attr && attr.quote !== '{' && attr.value ? attr.value : undefined);
const attr = (tag: ScannedTag, name: string) => tag.attrs.find((entry) => entry.name.toLowerCase() === name);
/**
 * The link or button a start tag is, read as the HTML path and the audit read it (hostKindOf): an
 * attribute given as a {…} expression is there, its value unknown (`<a href={url}>` is a link).
 */
const hostKind = (tag: ScannedTag) =>
  hostKindOf(tag.name, (name) => {
    const found = attr(tag, name);
    return found ? (staticValue(found) ?? '') : undefined;
  });

const skipSpace = (source: string, index: number, step: 1 | -1) => {
  let cursor = index;
  while (/\s/.test(source[step === 1 ? cursor : cursor - 1] ?? '')) cursor += step;
  return cursor;
};

/** The link or button an <img> tag is the only content of, if it is. */
export function purposeAround(source: string, image: Pick<ScannedTag, 'start' | 'end'>, openers: readonly ScannedTag[]): ImagePurpose | undefined {
  const before = skipSpace(source, image.start, -1);
  const opener = openers.find((tag) => tag.end === before);
  if (!opener) return undefined;
  const after = skipSpace(source, image.end, 1);
  if (!new RegExp(`^</${opener.name}\\s*>`, 'i').test(source.slice(after, after + opener.name.length + 10))) return undefined;
  const kind = hostKind(opener);
  if (!kind) return undefined;
  return checkedPurpose({
    kind,
    href: opener.name.toLowerCase() === 'a' ? staticValue(attr(opener, 'href')) : undefined,
    label: staticValue(attr(opener, 'aria-label')) ?? staticValue(attr(opener, 'title')),
  });
}

/** Links and buttons: <a href>, <button>, and elements with role="link" or role="button" (an <a> without href is neither). */
export const linkOrButtonTags = (source: string) => scanStartTags(source, null).filter((tag) => hostKind(tag) !== null);

// Vue and Svelte use `lang` on their blocks for the code's language (<script lang="ts">): not a human one.
const CODE_BLOCKS = new Set(['script', 'style', 'template']);

/** Start tags that carry a human `lang`, in source order. */
export function langTags(source: string): ScannedTag[] {
  return scanStartTags(source, null).filter((tag) => !CODE_BLOCKS.has(tag.name) && languageTag(staticValue(attr(tag, 'lang'))) !== undefined);
}

/** Whether an element whose start tag ends before `offset` is still open there (its end tag not yet seen). */
export function openAt(source: string, tag: ScannedTag, offset: number): boolean {
  if (tag.start >= offset || source.slice(tag.start, tag.end).endsWith('/>')) return false;
  const between = source.slice(tag.end, offset);
  const name = tag.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opened = (between.match(new RegExp(`<${name}[\\s/>]`, 'gi')) ?? []).length;
  const closed = (between.match(new RegExp(`</${name}\\s*>`, 'gi')) ?? []).length;
  return closed <= opened;
}

/** The `lang` of the nearest element still open at `offset` (its end tag not yet seen), if any. */
export function languageAt(source: string, offset: number, tags: readonly ScannedTag[]): string | undefined {
  const open = [...tags].reverse().find((tag) => openAt(source, tag, offset));
  return open ? languageTag(staticValue(attr(open, 'lang'))) : undefined;
}

/**
 * Whether an ancestor hides what starts at `offset` (aria-hidden="true" removes its whole subtree
 * from the accessibility tree, as the audit's walk knows): `hidden` holds the tags that say so.
 */
export const hiddenAt = (source: string, offset: number, hidden: readonly ScannedTag[]): boolean =>
  hidden.some((tag) => openAt(source, tag, offset));

/** `lang:` or `locale:` in a Markdown or MDX file's YAML front matter. */
export function frontMatterLanguage(source: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---\r?(\n|$)/.exec(source)?.[1];
  const line = block ? /^(?:lang|locale):[ \t]*["']?([^"'\s#]+)["']?[ \t]*(#.*)?$/m.exec(block) : null;
  return languageTag(line?.[1]);
}
