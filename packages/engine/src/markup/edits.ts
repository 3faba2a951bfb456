// Alt text comes from a model (or a cache file in the folder): untrusted. It is written as text in the
// syntax of the place it goes, so no character of it can end the value and start markup, an
// attribute, a link or an expression.
import type { FoundImage } from './found-image';

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * One line of plain text: whitespace runs (newlines, U+2028…) folded to one space, other control
 * characters (terminal escapes among them) dropped.
 */
export function plainAltText(altText: string): string {
  // eslint-disable-next-line no-control-regex
  return altText.replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '').replace(/\s+/g, ' ').trim();
}

// Characters with a meaning in Markdown or MDX inline text: links and images ([ ] !), emphasis (* _ ~),
// code (`), HTML and JSX (< >), MDX expressions ({ }), entities (&), tables (|), escapes (\).
// CommonMark lets a backslash escape any ASCII punctuation, so each stays a literal character.
const MARKDOWN_SPECIAL = /[\\[\]!*_~`<>{}&|]/g;

/**
 * Alt text as it must be written in the file: in Markdown (and MDX) image text, backslash-escaped; in
 * an attribute value (HTML, Vue and Astro templates, JSX strings), entity-escaped for its quote.
 * Quoted attribute values are never expressions in Vue, Astro or JSX, so braces need nothing.
 */
export function escapeAlt(altText: string, syntax: FoundImage['syntax'], quote: '"' | "'"): string {
  const single = plainAltText(altText);
  if (syntax === 'markdown') return single.replace(MARKDOWN_SPECIAL, (char) => `\\${char}`);
  const escaped = single.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return quote === '"' ? escaped.replaceAll('"', '&quot;') : escaped.replaceAll("'", '&#39;');
}

/** The one edit that gives an image its alt: an inserted attribute, a whole attribute rewritten, or Markdown text. */
export function editFor(image: FoundImage, altText: string): Edit {
  if (image.syntax === 'markdown') {
    const value = escapeAlt(altText, 'markdown', '"');
    if (image.alt.state === 'empty' || image.alt.state === 'present') return { start: image.alt.range.start, end: image.alt.range.end, text: value };
    return { start: image.insertAt, end: image.insertAt, text: value };
  }
  const range = image.alt.state === 'unknown' ? undefined : image.alt.range;
  if (range) {
    // A bare `alt` or an unquoted `alt=x` has no quotes to keep text in: the attribute is written anew, quoted.
    const quote = range.quote ?? '"';
    return { start: range.start, end: range.end, text: `alt=${quote}${escapeAlt(altText, image.syntax, quote)}${quote}` };
  }
  return { start: image.insertAt, end: image.insertAt, text: ` alt=${image.quote}${escapeAlt(altText, image.syntax, image.quote)}${image.quote}` };
}

/** Applies edits from the end backwards so earlier offsets stay valid; nothing else changes. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}
