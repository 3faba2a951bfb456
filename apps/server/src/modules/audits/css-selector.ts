import type { Element } from './html-tree';
import { parentElement } from './html-tree';

/** What the page walk (page-images.ts) learns once for every element, so a selector is map reads only. */
export interface SelectorIndex {
  /** Each element's k in `tag:nth-of-type(k)`. */
  nth: Map<Element, number>;
  ids: Map<Element, string>;
  /** Ids that occur exactly once on the page. */
  uniqueIds: Set<string>;
  /** Document (pre-order) position of each element. */
  positions: Map<Element, number>;
}

/** At most this many steps: past them (a page nested thousands deep) the selector starts mid-way. */
const MAX_STEPS = 32;
/** An id longer than this is no anchor: a selector is something a person reads and pastes. */
const MAX_ID_CHARS = 100;

function escapeIdent(value: string): string {
  return value.replace(/^-?\d/, (match) => `\\3${match.slice(-1)} `).replace(/[^\w-]/g, (char) => `\\${char}`);
}

/**
 * A selector that finds exactly this element: from the nearest ancestor with a unique id (or the
 * root), each step `tag:nth-of-type(k)`. Robust to classes changing; short where ids exist. On a
 * page nested deeper than MAX_STEPS without an id, only the last MAX_STEPS steps are given.
 */
export function cssSelectorOf(element: Element, index: SelectorIndex): string {
  const steps: string[] = [];
  for (let current: Element | null = element; current && steps.length < MAX_STEPS; current = parentElement(current)) {
    const id = index.ids.get(current);
    if (id && id.length <= MAX_ID_CHARS && index.uniqueIds.has(id)) {
      steps.push(`#${escapeIdent(id)}`);
      break;
    }
    if (!parentElement(current)) {
      steps.push(current.tagName);
      break;
    }
    steps.push(`${current.tagName}:nth-of-type(${index.nth.get(current) ?? 1})`);
  }
  return steps.reverse().join(' > ');
}
