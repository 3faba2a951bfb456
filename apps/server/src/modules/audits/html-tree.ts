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

/** Every element in document order (a pre-order walk); <template> content is inert and not walked. */
export function elementsInOrder(root: Node): Element[] {
  const out: Element[] = [];
  const stack: Node[] = [...childrenOf(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    out.push(node);
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return out;
}

/** The text a person reads, whitespace collapsed; script and style bodies are not text. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const visit = (current: Node) => {
    if (current.nodeName === '#text') parts.push((current as DefaultTreeAdapterTypes.TextNode).value);
    if (isElement(current) && ['script', 'style', 'template'].includes(current.tagName)) return;
    for (const child of childrenOf(current)) visit(child);
  };
  visit(node);
  return collapse(parts.join(' '));
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function closest(element: Element, predicate: (candidate: Element) => boolean): Element | null {
  for (let current = parentElement(element); current; current = parentElement(current)) {
    if (predicate(current)) return current;
  }
  return null;
}

export function contains(ancestor: Element, node: Element): boolean {
  for (let current: Element | null = node; current; current = parentElement(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
