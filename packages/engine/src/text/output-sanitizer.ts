// Model output (and embedded metadata) is untrusted text that ends up in someone's
// HTML attribute: it is reduced to plain text here before anything else sees it.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

// C0/C1 controls, bidi overrides and zero-width characters; newlines are handled separately.
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['\u201C', '\u201D'],
  ['\u2018', '\u2019'],
  ['\u00AB', '\u00BB'],
  ['\u201E', '\u201C'],
  ['`', '`'],
];

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function stripMarkup(text: string): string {
  return (
    decodeEntities(text)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/^```[a-z]*\s*$/gim, '')
      // ![alt](url) keeps the alt; [text](url) keeps the text.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
      .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
  );
}

function stripWrappers(text: string): string {
  let current = text.trim().replace(/^(alt(ernative)?[ -]?text|alt|description)\s*[:\-\u2013\u2014]\s*/i, '');
  for (let changed = true; changed;) {
    changed = false;
    for (const [open, close] of QUOTE_PAIRS) {
      if (current.length >= 2 && current.startsWith(open) && current.endsWith(close)) {
        current = current.slice(open.length, current.length - close.length).trim();
        changed = true;
      }
    }
  }
  return current;
}

/** Cuts at the last word boundary before `cap`, dropping dangling punctuation. */
export function truncateAtWord(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const slice = text.slice(0, cap + 1);
  const boundary = slice.search(/\s\S*$/);
  const cut = boundary > cap / 2 ? slice.slice(0, boundary) : text.slice(0, cap);
  return cut.replace(/[\s,;:\u2013\u2014-]+$/, '');
}

export interface SanitizeOptions {
  /** Keep line breaks (long descriptions); otherwise all whitespace collapses to single spaces. */
  readonly multiline?: boolean;
  readonly hardCap?: number;
  /** Visible text from the image is kept as written: only controls and length are fixed. */
  readonly verbatim?: boolean;
}

export function sanitizeModelText(raw: string | undefined | null, options: SanitizeOptions = {}): string {
  if (typeof raw !== 'string') return '';
  let text = raw.normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROL, '');
  if (!options.verbatim) text = stripWrappers(stripMarkup(stripWrappers(text)));
  text = options.multiline
    ? text
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : text.replace(/\s+/g, ' ').trim();
  return options.hardCap ? truncateAtWord(text, options.hardCap) : text;
}
