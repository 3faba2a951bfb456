// A long description for a complex image (a chart, a diagram, a map), written the way the EPUB
// Accessibility Techniques describe: in the content document, next to the image, as a <details>
// the image points to with aria-details, never only in metadata. EPUB 3 only: XHTML 1.1 (EPUB 2)
// has neither <details> nor ARIA attributes.
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { Edit } from '../markup/edits';
import { escapeAlt } from '../markup/edits';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

// Elements whose content may be flow content, so a <details> may stand among their children.
const FLOW_PARENTS = new Set(['body', 'section', 'article', 'aside', 'div', 'figure', 'li', 'td', 'th', 'blockquote', 'main', 'header', 'footer', 'nav', 'dd']);

/** The element whose start tag begins at `startOffset`. */
export function elementAt(node: Node, startOffset: number): Element | undefined {
  if ('tagName' in node && node.sourceCodeLocation?.startTag?.startOffset === startOffset) return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = elementAt(child, startOffset);
    if (found) return found;
  }
  return undefined;
}

/** Where a <details> can follow the image: after the ancestor (or the image) that is a child of flow content. */
function insertionPoint(image: Element): number | undefined {
  let child: Element = image;
  for (let parent = image.parentNode; parent && 'tagName' in parent; parent = parent.parentNode) {
    if (FLOW_PARENTS.has(parent.tagName)) return child.sourceCodeLocation?.endOffset;
    child = parent;
  }
  return undefined;
}

/**
 * The edits that give the image at `imageStart` (the offset of its `<img`) a long description:
 * `aria-details` on the image and a <details> after it, with an id the document does not use yet.
 * undefined when no place in the document can take one (the caller reports it).
 */
export function longDescriptionEdits(document: string, imageStart: number, description: string, id: string, summary = 'Description of the image'): Edit[] | undefined {
  if (document.includes(`id="${id}"`)) return undefined;
  const image = elementAt(parse(document, { sourceCodeLocationInfo: true }), imageStart);
  const at = image && insertionPoint(image);
  if (at === undefined) return undefined;
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((paragraph) => escapeAlt(paragraph, 'html', '"'))
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');
  return [
    { start: imageStart + '<img'.length, end: imageStart + '<img'.length, text: ` aria-details="${id}"` },
    { start: at, end: at, text: `<details id="${id}" class="altwise-long-description"><summary>${escapeAlt(summary, 'html', '"')}</summary>${paragraphs}</details>` },
  ];
}

const textOf = (node: Node): string => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '');

/** The <figcaption> of the <figure> the image at `imageStart` is in, as plain text ('' when none). */
export function captionOf(document: string, imageStart: number): string {
  for (let node: DefaultTreeAdapterTypes.ParentNode | null | undefined = elementAt(parse(document, { sourceCodeLocationInfo: true }), imageStart); node && 'tagName' in node; node = node.parentNode) {
    if (node.tagName !== 'figure') continue;
    const caption = node.childNodes.find((child): child is Element => 'tagName' in child && child.tagName === 'figcaption');
    return caption ? textOf(caption).replace(/\s+/g, ' ').trim() : '';
  }
  return '';
}

