// Markdown images, ![text](src "title") and ![text][ref], outside code: what fill finds in .md and .mdx.
import type { ImagePurpose } from '@altwise/shared';
import type { FoundImage } from './found-image';
import { normaliseLabel, referenceDefinitions } from './markdown-code';
import type { FindOptions } from './source-location';
import { contextAround, lineOf, resolveSource } from './source-location';
import { checkedPurpose, languageAt } from './surroundings';
import type { ScannedTag } from './tag-scanner';

/** `[![…](img)](href "title")`: the image is the whole text of a link. */
function markdownLinkPurpose(line: string, imageStart: number, imageEnd: number): ImagePurpose | undefined {
  if (line[imageStart - 1] !== '[' || line.slice(imageEnd, imageEnd + 2) !== '](') return undefined;
  const target = /^\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(["'])(.*?)\2)?\s*\)/.exec(line.slice(imageEnd));
  if (!target) return undefined;
  return checkedPurpose({ kind: 'link', href: target[1]!.replace(/^<|>$/g, ''), label: target[3] });
}

/** Markdown images and inline markup dropped: the words a line's piece says around an image. */
const markdownWords = (text: string) =>
  text
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?/g, ' ')
    .replace(/[*_~`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The text of the Markdown link an image sits in beside words of its own (`[![Contact](a.png) Contact](/c)`):
 * the link text, images aside; '' when the image is not in such a link.
 */
function markdownLinkText(line: string, imageStart: number, imageEnd: number): string {
  let depth = 0;
  for (let open = imageStart - 1; open >= 0; open -= 1) {
    if (line[open] === ']') depth += 1;
    else if (line[open] === '[' && line[open - 1] !== '!') {
      if (depth > 0) {
        depth -= 1;
        continue;
      }
      const close = closingBracket(line, imageEnd);
      return close > 0 && line[close + 1] === '(' ? markdownWords(line.slice(open + 1, close)) : '';
    }
  }
  return '';
}

const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** Lines that belong to a pipe table: a run of lines with pipes around a delimiter row ("| --- | :-: |"). */
function tableLines(lines: readonly string[]): Set<number> {
  const rows = new Set<number>();
  lines.forEach((line, index) => {
    // A delimiter row has a pipe ("---" alone under a line is a heading's underline or a rule).
    if (!line.includes('|') || !TABLE_DELIMITER.test(line) || index === 0 || !lines[index - 1]!.includes('|')) return;
    for (let row = index - 1; row >= 0 && lines[row]!.includes('|'); row -= 1) rows.add(row);
    for (let row = index + 1; row < lines.length && lines[row]!.includes('|'); row += 1) rows.add(row);
  });
  return rows;
}

/** The text of the table cell an image sits in, images aside. */
function markdownCellText(line: string, imageStart: number, imageEnd: number): string {
  const unescapedPipe = /(?<!\\)\|/g;
  let start = 0;
  let end = line.length;
  for (const match of line.matchAll(unescapedPipe)) {
    if (match.index < imageStart) start = match.index + 1;
    else if (match.index >= imageEnd) {
      end = match.index;
      break;
    }
  }
  return markdownWords(line.slice(start, end));
}

/** The `]` that ends image text starting at `from`; a backslash-escaped `\]` (as fill writes it) does not. */
function closingBracket(line: string, from: number): number {
  for (let index = from; index < line.length; index += 1) {
    if (line[index] === '\\') index += 1;
    else if (line[index] === ']') return index;
  }
  return -1;
}

/**
 * `![text](src)` and the reference forms `![text][ref]`, `![text][]` and `![text]` (when `ref` is
 * defined), in Markdown whose code is already blanked (`code`); `source` is the file as written.
 */
export function markdownImages(source: string, code: string, file: string, options: FindOptions, language: string | undefined, langs: ScannedTag[]): FoundImage[] {
  const images: FoundImage[] = [];
  const references = referenceDefinitions(code);
  const lines = code.split('\n');
  const table = tableLines(lines);
  let offset = 0;
  for (const [lineIndex, line] of lines.entries()) {
    let index = line.indexOf('![');
    while (index >= 0) {
      const close = closingBracket(line, index + 2);
      const text = close > 0 ? line.slice(index + 2, close) : '';
      let src: string | undefined;
      let end = -1;
      if (close > 0 && line[close + 1] === '(') {
        end = line.indexOf(')', close + 2);
        const target = end > 0 ? line.slice(close + 2, end).trim() : '';
        src = target.startsWith('<') ? target.slice(1, target.indexOf('>')) : (target.split(/\s+/)[0] ?? '');
      } else if (close > 0) {
        // ![text][ref], ![text][] (the text is the label), ![text] (shortcut): only a defined label makes an image.
        const full = /^\[([^\]]*)\]/.exec(line.slice(close + 1));
        const label = normaliseLabel(full && full[1] ? full[1] : text);
        if (references.has(label) && !(line[close + 1] === ':' && index === 0)) {
          src = references.get(label)!;
          end = close + (full ? full[0].length : 0);
        }
      }
      if (close > 0 && src !== undefined) {
        const start = offset + index;
        const spanEnd = offset + (end > 0 ? end + 1 : close + 1);
        const purpose = line[close + 1] === '(' && end > 0 ? markdownLinkPurpose(line, index, end + 1) : undefined;
        const imageEnd = end > 0 ? end + 1 : close + 1;
        const linkText = purpose ? '' : markdownLinkText(line, index, imageEnd);
        const cellText = linkText || !table.has(lineIndex) ? '' : markdownCellText(line, index, imageEnd);
        images.push({
          file,
          kind: 'img',
          name: text === '' ? { name: null, source: null } : { name: text, source: 'alt' },
          presentation: null,
          line: lineOf(source, start),
          src,
          source: resolveSource(src, file, options),
          alt: text === '' ? { state: 'missing' } : { state: 'present', value: text, range: { start: start + 2, end: offset + close, quote: null } },
          syntax: 'markdown',
          insertAt: start + 2,
          quote: '"',
          context: contextAround(code, start, spanEnd, false),
          language: languageAt(source, start, langs) ?? language,
          purpose,
          ...(linkText ? { besideText: true, adjacentText: linkText } : cellText ? { adjacentText: cellText } : {}),
          span: { start, end: spanEnd },
        });
      }
      index = line.indexOf('![', index + 2);
    }
    offset += line.length + 1;
  }
  return images;
}
