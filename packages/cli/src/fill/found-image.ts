import type { ImagePurpose } from '@altwise/shared';

/** Where the picture of an image comes from, as written in the source. */
export type ImageSource = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'unresolved'; reason: string };

/**
 * Where an existing alt is written. In markup: the whole attribute (name to end: `alt`, `alt=x`,
 * `alt="x"`), replaced whole, so a bare or unquoted alt gets quotes. In Markdown: the text between
 * `![` and `]`. `quote` is the quote the value had, if any.
 */
export interface AltRange {
  start: number;
  end: number;
  quote: '"' | "'" | null;
}

/** The alt an image has now. */
export type CurrentAlt =
  | { state: 'missing' }
  | { state: 'empty'; range: AltRange }
  | { state: 'present'; value: string; range: AltRange }
  | { state: 'unknown'; reason: string };

export type Syntax = 'html' | 'jsx' | 'markdown';

export interface FoundImage {
  file: string;
  line: number;
  /** The src as written, for messages. */
  src: string;
  source: ImageSource;
  alt: CurrentAlt;
  syntax: Syntax;
  /** Where ` alt="…"` goes (html, jsx) or where the text goes between `![` and `]` (markdown). */
  insertAt: number;
  /** The quote a new alt attribute gets (the src's, so the tag keeps one style). */
  quote: '"' | "'";
  /** The text around the image, for the describer. */
  context: string;
  /** The language of the nearest `lang` (or the front matter's), if the file says. */
  language?: string;
  /** The link or button the image is the only content of. */
  purpose?: ImagePurpose;
  /** Offsets of the image's own markup (`<img …>` or `![…](…)`): where `altwise lint` points. */
  span?: { start: number; end: number };
}
