// The CSS selector that names one element of a page: the page audit's and monitor's `selector`, and
// what `altwise monitor fixes` looks for in a page's source file to put an approved alt back on the
// very element the crawl judged. One algorithm for both sides, so a page served as its file gives the
// same selector from either.
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

/** What a walk of the document learns once for every element, so a selector is map reads only. */
export interface SelectorIndex<E> {
  /** Each element's k in `tag:nth-of-type(k)`. */
  nth: Map<E, number>;
  ids: Map<E, string>;
  /** Ids that occur exactly once on the page. */
  uniqueIds: Set<string>;
  /** Document (pre-order) position of each element. */
  positions: Map<E, number>;
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
export function cssSelectorOf<E extends { tagName: string }>(element: E, index: SelectorIndex<E>, parentOf: (element: E) => E | null): string {
  const steps: string[] = [];
  for (let current: E | null = element; current && steps.length < MAX_STEPS; current = parentOf(current)) {
    const id = index.ids.get(current);
    if (id && id.length <= MAX_ID_CHARS && index.uniqueIds.has(id)) {
      steps.push(`#${escapeIdent(id)}`);
      break;
    }
    if (!parentOf(current)) {
      steps.push(current.tagName);
      break;
    }
    steps.push(`${current.tagName}:nth-of-type(${index.nth.get(current) ?? 1})`);
  }
  return steps.reverse().join(' > ');
}

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

const isElement = (node: Node | null | undefined): node is Element => Boolean(node && 'tagName' in node);
const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);
const parentElement = (element: Element): Element | null => (isElement(element.parentNode) ? element.parentNode : null);

/**
 * Every element of an HTML source with its selector, keyed by the offset of its start tag (what
 * findImages gives as an image's `span.start`). The document is walked as the page walk does: a
 * <template>'s content is inert and not part of the page, so it gets none.
 */
export function htmlSelectors(source: string): Map<number, string> {
  const document = parse(source, { sourceCodeLocationInfo: true });
  const index: SelectorIndex<Element> = { nth: new Map(), ids: new Map(), uniqueIds: new Set(), positions: new Map() };
  const idCounts = new Map<string, number>();
  const elements: Element[] = [];
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = childrenOf(node);
    const seen = new Map<string, number>();
    for (const child of children) {
      if (!isElement(child)) continue;
      const nth = (seen.get(child.tagName) ?? 0) + 1;
      seen.set(child.tagName, nth);
      index.nth.set(child, nth);
      elements.push(child);
      const id = child.attrs.find((entry) => entry.name === 'id')?.value;
      if (id) {
        idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
        index.ids.set(child, id);
      }
    }
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push(children[at]!);
  }
  for (const [id, count] of idCounts) if (count === 1) index.uniqueIds.add(id);
  const selectors = new Map<number, string>();
  for (const element of elements) {
    const start = element.sourceCodeLocation?.startTag?.startOffset;
    if (start !== undefined) selectors.set(start, cssSelectorOf(element, index, parentElement));
  }
  return selectors;
}
