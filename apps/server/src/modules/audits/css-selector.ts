import type { Element } from './html-tree';
import { attr, childElements, parentElement } from './html-tree';

function escapeIdent(value: string): string {
  return value.replace(/^-?\d/, (match) => `\\3${match.slice(-1)} `).replace(/[^\w-]/g, (char) => `\\${char}`);
}

/**
 * A selector that finds exactly this element: from the nearest ancestor with a unique id (or the
 * root), each step `tag:nth-of-type(k)`. Robust to classes changing; short where ids exist.
 */
export function cssSelectorOf(element: Element, uniqueIds: ReadonlySet<string>): string {
  const steps: string[] = [];
  for (let current: Element | null = element; current; current = parentElement(current)) {
    const id = attr(current, 'id');
    if (id && uniqueIds.has(id)) {
      steps.unshift(`#${escapeIdent(id)}`);
      break;
    }
    const parent = parentElement(current);
    if (!parent) {
      steps.unshift(current.tagName);
      break;
    }
    const sameTag = childElements(parent).filter((sibling) => sibling.tagName === current!.tagName);
    steps.unshift(`${current.tagName}:nth-of-type(${sameTag.indexOf(current) + 1})`);
  }
  return steps.join(' > ');
}
