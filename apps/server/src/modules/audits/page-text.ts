// The text a person reads in an element, for names and context, in bounded work: an audited page
// is anyone's HTML, and one huge or deeply nested element may be referenced by every image.
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { Element, Node } from './html-tree';
import { childrenOf, collapse, isElement } from './html-tree';

type TextNode = DefaultTreeAdapterTypes.TextNode;

const SKIPPED = new Set(['script', 'style', 'template']);

export interface TextReader {
  /** The element's text, whitespace collapsed, at most `maxChars` (read once per element, then remembered). */
  textOf(element: Element): string;
}

/**
 * `hasText` says which elements hold any visible text (computed for the whole page in one pass),
 * so empty subtrees are never walked; each read stops after `maxChars` characters or `maxNodes`
 * nodes, whichever comes first, and is remembered: the work per image is bounded, not per page.
 */
export function createTextReader(
  hasText: (element: Element) => boolean,
  maxChars: number,
  maxNodes: number,
  /** Elements whose content is not read as part of another's text (images: their content is their name). */
  opaque: (element: Element) => boolean = () => false,
): TextReader {
  const texts = new Map<Element, string>();
  const pieces = new Map<TextNode, string>();

  // A text node's own words, collapsed once (a 1 MB text node costs its length once, not per reader).
  const piece = (node: TextNode) => {
    let text = pieces.get(node);
    if (text === undefined) {
      text = collapse(node.value.length > maxChars * 8 ? node.value.slice(0, maxChars * 8) : node.value).slice(0, maxChars);
      pieces.set(node, text);
    }
    return text;
  };

  function read(root: Element): string {
    if (SKIPPED.has(root.tagName) || !hasText(root)) return '';
    const parts: string[] = [];
    let length = 0;
    let visited = 0;
    const stack: Node[] = [...childrenOf(root)].reverse();
    while (stack.length > 0 && length < maxChars && visited < maxNodes) {
      const node = stack.pop()!;
      visited += 1;
      if (node.nodeName === '#text') {
        const text = piece(node as TextNode);
        if (text) {
          parts.push(text);
          length += text.length + 1;
        }
        continue;
      }
      if (!isElement(node) || SKIPPED.has(node.tagName) || opaque(node) || !hasText(node)) continue;
      const known = texts.get(node);
      if (known !== undefined) {
        if (known) {
          parts.push(known);
          length += known.length + 1;
        }
        continue;
      }
      const children = childrenOf(node);
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
    }
    return parts.join(' ').slice(0, maxChars);
  }

  return {
    textOf(element) {
      let text = texts.get(element);
      if (text === undefined) {
        text = read(element);
        texts.set(element, text);
      }
      return text;
    },
  };
}
