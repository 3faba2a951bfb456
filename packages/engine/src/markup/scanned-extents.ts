// The extent and text of elements found by the tag scanner (JSX, TSX, Vue, Astro, MDX, HTML inside
// Markdown): where an image element ends, the text of the link, button or cell it sits in (images'
// own content left out: an <svg>'s <title> is its name, not text beside it).
import type { ElementKind } from '../elements';
import type { ScannedTag } from './tag-scanner';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The text between a scanned start tag and its end tag (tags and {…} expressions dropped), leaving
 * out what lies in `images` (an <svg>'s <title>, an <object>'s fallback: an image's name, not text).
 */
export function scannedText(source: string, tag: ScannedTag, images: readonly Span[] = []): string {
  const close = new RegExp(`</${tag.name}\\s*>`, 'i').exec(source.slice(tag.end, tag.end + 5000));
  if (!close) return '';
  let body = source.slice(tag.end, tag.end + close.index);
  for (const image of images) {
    const from = Math.max(image.start, tag.end) - tag.end;
    const to = Math.min(image.end, tag.end + body.length) - tag.end;
    if (from < to) body = body.slice(0, from) + ' '.repeat(to - from) + body.slice(to);
  }
  return body.replace(/<[^>]*>/g, ' ').replace(/\{[^}]*\}/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The link or button the tag sits in, and that element's own text (images aside). */
export function hostAround(source: string, tag: ScannedTag, openers: readonly ScannedTag[], images: readonly Span[]): { host: ScannedTag; text: string } | undefined {
  for (const opener of [...openers].reverse()) {
    if (opener.end > tag.start) continue;
    const between = source.slice(opener.end, tag.start);
    if (new RegExp(`</${opener.name}\\s*>`, 'i').test(between)) continue;
    const text = scannedText(source, opener, images);
    return { host: opener, text };
  }
  return undefined;
}

/** Where each scanned image element lies, its content included (a self-closing or void tag is its start tag). */
export function imageSpans(source: string, found: ReadonlyArray<{ tag: ScannedTag; kind: ElementKind }>): Span[] {
  return found.map(({ tag, kind }) => {
    if (kind === 'img' || kind === 'input-image' || kind === 'area' || source.slice(tag.start, tag.end).endsWith('/>')) return { start: tag.start, end: tag.end };
    const close = new RegExp(`</${tag.name}\\s*>`, 'i').exec(source.slice(tag.end, tag.end + 5000));
    return { start: tag.start, end: close ? tag.end + close.index + close[0].length : tag.end };
  });
}
