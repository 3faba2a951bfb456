import type { DefaultTreeAdapterTypes } from 'parse5';

export type Element = DefaultTreeAdapterTypes.Element;
export type Node = DefaultTreeAdapterTypes.Node;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export function isElement(node: Node | undefined | null): node is Element {
  return Boolean(node && 'tagName' in node);
}

export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((entry) => entry.name === name)?.value;
}

export function hasAttr(element: Element, name: string): boolean {
  return element.attrs.some((entry) => entry.name === name);
}

/** Child nodes, looking into <template> content too is wrong (it is inert), so templates are skipped by callers. */
export function childrenOf(node: Node): Node[] {
  return 'childNodes' in node ? (node as ParentNode).childNodes : [];
}

export function childElements(node: Node): Element[] {
  return childrenOf(node).filter(isElement);
}

export function parentElement(element: Element): Element | null {
  const parent = element.parentNode;
  return isElement(parent) ? parent : null;
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
