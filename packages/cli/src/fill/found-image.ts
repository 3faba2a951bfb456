/** Where the picture of an image comes from, as written in the source. */
export type ImageSource = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'unresolved'; reason: string };

/** The alt an image has now, with the offsets of its value (quotes excluded) when it has one. */
export type CurrentAlt =
  | { state: 'missing' }
  | { state: 'empty'; valueStart: number; valueEnd: number }
  | { state: 'present'; value: string; valueStart: number; valueEnd: number }
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
  quote: '"' | "'";
  /** The text around the image, for the describer. */
  context: string;
}
