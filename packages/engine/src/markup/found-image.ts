import type { ImagePurpose } from '@altwise/shared';
import type { AccessibleName, ElementKind, Presentation } from '../elements';

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

/** The alt an image has now (what fill edits; `unknown` for kinds named otherwise, never written). */
export type CurrentAlt =
  /** `range`: an attribute that renders no alt (JSX `alt`, alt={undefined}), rewritten whole by fill. */
  | { state: 'missing'; range?: AltRange }
  | { state: 'empty'; range: AltRange }
  | { state: 'present'; value: string; range: AltRange }
  | { state: 'unknown'; reason: string };

export type Syntax = 'html' | 'jsx' | 'markdown';

/** One element that needs a text alternative (the engine's element model), where lint and fill find it. */
export interface FoundImage {
  file: string;
  /** img, input-image, area, object, role-img or svg (Markdown images are img). */
  kind: ElementKind;
  /** Its accessible name as accname computes it, and where it came from. */
  name: AccessibleName;
  presentation: Presentation;
  /** Why its name cannot be read from the source (a JSX expression, a {...spread}): no verdict, a note. */
  unknownName?: string;
  /** Inside a link or button that has text of its own. */
  besideText?: boolean;
  /** That link's or button's text, else the text of the table cell it sits in (H2: an alt equal to it is said twice). */
  adjacentText?: string;
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
