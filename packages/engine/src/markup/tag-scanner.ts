// Finds <img …> start tags in HTML-like source that is not plain HTML (JSX, TSX, Vue, Astro, MDX,
// inline HTML in Markdown) and records every attribute with its exact offsets, so an edit can touch
// those bytes and nothing else. Quotes and {…} expressions (nested, with strings) are skipped whole.

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

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** Index one past the `}` that closes the `{` at `start`, skipping strings and template literals. */
function skipBraces(source: string, start: number): number {
  let depth = 0;
  for (let index = start; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '"' || char === "'" || char === '`') {
      const close = source.indexOf(char, index + 1);
      if (close < 0) return source.length;
      index = close;
    } else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return source.length;
}

function scanTag(source: string, start: number, name: string): ScannedTag | null {
  const nameEnd = start + 1 + name.length;
  const tag = (end: number) => ({ name: name.toLowerCase(), start, nameEnd, end, attrs });
  const attrs: ScannedAttr[] = [];
  let index = nameEnd;
  while (index < source.length) {
    while (isSpace(source[index])) index += 1;
    const char = source[index];
    if (char === undefined) return null;
    if (char === '>') return tag(index + 1);
    if (char === '/' && source[index + 1] === '>') return tag(index + 2);
    if (char === '{') {
      // A JSX spread ({...props}): it may carry an alt we cannot see.
      const end = skipBraces(source, index);
      attrs.push({ name: '{spread}', start: index, end, value: source.slice(index + 1, end - 1), valueStart: index + 1, valueEnd: end - 1, quote: '{' });
      index = end;
      continue;
    }
    const nameStart = index;
    while (index < source.length && !isSpace(source[index]) && !'=>'.includes(source[index]!) && !(source[index] === '/' && source[index + 1] === '>')) index += 1;
    const attrName = source.slice(nameStart, index);
    if (!attrName) {
      index += 1;
      continue;
    }
    let cursor = index;
    while (isSpace(source[cursor])) cursor += 1;
    if (source[cursor] !== '=') {
      attrs.push({ name: attrName, start: nameStart, end: index, value: null, valueStart: index, valueEnd: index, quote: null });
      continue;
    }
    cursor += 1;
    while (isSpace(source[cursor])) cursor += 1;
    const open = source[cursor];
    if (open === '"' || open === "'") {
      const close = source.indexOf(open, cursor + 1);
      if (close < 0) return null;
      attrs.push({ name: attrName, start: nameStart, end: close + 1, value: source.slice(cursor + 1, close), valueStart: cursor + 1, valueEnd: close, quote: open });
      index = close + 1;
    } else if (open === '{') {
      const end = skipBraces(source, cursor);
      attrs.push({ name: attrName, start: nameStart, end, value: source.slice(cursor + 1, end - 1), valueStart: cursor + 1, valueEnd: end - 1, quote: '{' });
      index = end;
    } else {
      let end = cursor;
      while (end < source.length && !isSpace(source[end]) && source[end] !== '>') end += 1;
      attrs.push({ name: attrName, start: nameStart, end, value: source.slice(cursor, end), valueStart: cursor, valueEnd: end, quote: null });
      index = end;
    }
  }
  return null;
}

/**
 * Every start tag whose name is in `names` (lower case; null: any name) outside HTML comments. The
 * name must be followed by a space, `/` or `>`.
 */
export function scanStartTags(source: string, names: ReadonlySet<string> | null): ScannedTag[] {
  const tags: ScannedTag[] = [];
  let index = 0;
  while (index < source.length) {
    const next = source.indexOf('<', index);
    if (next < 0) break;
    if (source.startsWith('<!--', next)) {
      const close = source.indexOf('-->', next + 4);
      index = close < 0 ? source.length : close + 3;
      continue;
    }
    const name = /^[A-Za-z][\w:.-]*/.exec(source.slice(next + 1, next + 65))?.[0];
    const after = name ? source[next + 1 + name.length] : undefined;
    if (name && (names === null || names.has(name.toLowerCase())) && (isSpace(after) || after === '/' || after === '>')) {
      const tag = scanTag(source, next, name);
      if (tag) {
        tags.push(tag);
        index = tag.end;
        continue;
      }
    }
    index = next + 1;
  }
  return tags;
}

/** Every <img> start tag outside HTML comments; `<img` must be followed by a space, `/` or `>`. */
export const scanImgTags = (source: string): ScannedTag[] => scanStartTags(source, new Set(['img']));
