// The accessible name of an element that needs a text alternative, computed as accname 1.2 does for
// these elements: aria-labelledby (the referenced elements' text), aria-label, the host language's
// alternative (alt, an <svg>'s <title>, an <object>'s fallback content), title as the last resort.
import type { AttributeLookup, ElementKind } from './element-kinds';
import { TAKES_ALT } from './element-kinds';

export const NAME_SOURCES = ['alt', 'aria-label', 'aria-labelledby', 'title', 'svg-title', 'object-content'] as const;
export type NameSource = (typeof NAME_SOURCES)[number];

export interface AccessibleName {
  /** The name announced; '' for alt="" (decorative), null when there is none. */
  readonly name: string | null;
  readonly source: NameSource | null;
}

/** What only the document around the element can say. */
export interface NameSources {
  /** The text of the elements aria-labelledby points to (ids in order), or null when none resolves. */
  readonly labelledBy?: (ids: readonly string[]) => string | null;
  /** The text of an <svg>'s <title> child. */
  readonly svgTitle?: string | null;
  /** The text of an <object>'s fallback content (H53). */
  readonly content?: string | null;
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export function accessibleNameOf(kind: ElementKind, attr: AttributeLookup, sources: NameSources = {}): AccessibleName {
  const labelledBy = attr('aria-labelledby')?.trim();
  if (labelledBy && sources.labelledBy) {
    const name = collapse(sources.labelledBy(labelledBy.split(/\s+/)));
    if (name) return { name, source: 'aria-labelledby' };
  }
  const label = collapse(attr('aria-label'));
  if (label) return { name: label, source: 'aria-label' };
  if (TAKES_ALT.has(kind)) {
    const alt = attr('alt');
    // alt="" names an <img> decorative; on an image button or an area it names nothing.
    if (alt !== undefined && (alt.trim() || kind === 'img')) return { name: alt === '' ? '' : alt, source: 'alt' };
  }
  if (kind === 'svg') {
    const title = collapse(sources.svgTitle);
    if (title) return { name: title, source: 'svg-title' };
  }
  if (kind === 'object') {
    const content = collapse(sources.content);
    if (content) return { name: content, source: 'object-content' };
  }
  const title = collapse(attr('title'));
  if (title) return { name: title, source: 'title' };
  return { name: null, source: null };
}
