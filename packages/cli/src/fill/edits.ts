import type { FoundImage } from './found-image';

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Alt text as it must be written in the file: entity-escaped in an attribute, bracket-escaped in Markdown. */
export function escapeAlt(altText: string, image: Pick<FoundImage, 'syntax' | 'quote'>): string {
  const single = altText.replace(/\s+/g, ' ').trim();
  if (image.syntax === 'markdown') return single.replace(/[\\[\]]/g, (char) => `\\${char}`);
  const escaped = single.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return image.quote === '"' ? escaped.replaceAll('"', '&quot;') : escaped.replaceAll("'", '&#39;');
}

/** The one edit that gives an image its alt: an inserted attribute, or a replaced value. */
export function editFor(image: FoundImage, altText: string): Edit {
  const value = escapeAlt(altText, image);
  if (image.alt.state === 'empty' || image.alt.state === 'present') {
    return { start: image.alt.valueStart, end: image.alt.valueEnd, text: value };
  }
  if (image.syntax === 'markdown') return { start: image.insertAt, end: image.insertAt, text: value };
  return { start: image.insertAt, end: image.insertAt, text: ` alt=${image.quote}${value}${image.quote}` };
}

/** Applies edits from the end backwards so earlier offsets stay valid; nothing else changes. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}
