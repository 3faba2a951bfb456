// The one walk of a page's document (page-images.ts builds the audited images from what it learns):
// every element visited once, what each inherits from its ancestors (its link, figure, language,
// landmark…) carried down instead of looked up per image, and the indexes the later lookups read.
import type { AuditImage } from '@altwise/shared';
import { elementKindOf, hostKindOf, isHiddenValue } from '@altwise/engine/elements';
import type { SelectorIndex } from './css-selector';
import type { Element, Node } from './html-tree';
import { attr, childrenOf, hasAttr, isElement } from './html-tree';
import { landmarkOf, SECTIONING } from './image-location';
import type { Landmark } from './image-location';

type ImageKind = AuditImage['kind'];

const HEADING = /^h[1-6]$/;
// BCP-47 in its common shapes (the shared languageSchema's rule).
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

/** The engine's element model decides what needs a text alternative (the same as altwise lint's). */
const isImageElement = (element: Element): ImageKind | null => elementKindOf(element.tagName, (name) => attr(element, name));

/** What an element inherits from its ancestors, carried down the walk instead of looked up per image. */
export interface Inherited {
  /** The nearest <a href> or <button> around it. */
  readonly host: Element | null;
  /** The nearest table cell (td, th) around it. */
  readonly cell: Element | null;
  readonly figure: Element | null;
  readonly map: Element | null;
  readonly paragraph: Element | null;
  /** An ancestor has aria-hidden="true". */
  readonly hidden: boolean;
  /** The nearest valid lang attribute (lang="" or a malformed one declares nothing). */
  readonly lang: string | null;
  /** Inside an image element (other than <picture>): the outer one is what is announced. */
  readonly inImage: boolean;
  readonly inSvg: boolean;
  /** The nearest landmark (main, nav, header…) around it. */
  readonly landmark: Landmark | null;
  /** Inside an article, aside, main, nav or section (its header is not the page's). */
  readonly sectioned: boolean;
}

const ROOT: Inherited = { host: null, cell: null, figure: null, map: null, paragraph: null, hidden: false, lang: null, inImage: false, inSvg: false, landmark: null, sectioned: false };

export function validLang(element: Element): string | null {
  const lang = attr(element, 'lang')?.trim();
  return lang && LANGUAGE_TAG.test(lang) ? lang : null;
}

function inheritedBy(element: Element, from: Inherited, kind: ImageKind | null, position: number): Inherited {
  const tag = element.tagName;
  const isHost = hostKindOf(tag, (name) => attr(element, name)) !== null;
  const isCell = tag === 'td' || tag === 'th';
  const hidden = from.hidden || isHiddenValue(attr(element, 'aria-hidden'));
  const lang = validLang(element) ?? from.lang;
  const inImage = from.inImage || (kind !== null && tag !== 'picture');
  const landmark = landmarkOf(element, from.landmark, position, from.sectioned);
  const sectioned = from.sectioned || SECTIONING.has(tag);
  if (
    !isHost && !isCell && tag !== 'figure' && tag !== 'map' && tag !== 'p' && tag !== 'svg' &&
    hidden === from.hidden && lang === from.lang && inImage === from.inImage && landmark === from.landmark && sectioned === from.sectioned
  ) {
    return from;
  }
  return {
    host: isHost ? element : from.host,
    cell: isCell ? element : from.cell,
    figure: tag === 'figure' ? element : from.figure,
    map: tag === 'map' ? element : from.map,
    paragraph: tag === 'p' ? element : from.paragraph,
    hidden,
    lang,
    inImage,
    inSvg: from.inSvg || tag === 'svg',
    landmark,
    sectioned,
  };
}

export interface Candidate {
  element: Element;
  kind: ImageKind;
  inherited: Inherited;
  position: number;
  heading: Element | null;
  /** The heading's document position (a heading before the landmark began is not inside it). */
  headingPosition: number;
}

/** Everything the one walk learns about the page. */
export interface Walk {
  candidates: Candidate[];
  total: number;
  withText: Set<Element>;
  /**
   * Every element that needs a text alternative. Its text (an <svg>'s <title>, an <object>'s fallback)
   * is its name, not text of the link, button or paragraph around it: it never makes them textful.
   */
  images: Set<Element>;
  /** Image elements inside each link or button, itself included when it is one. */
  imagesIn: Map<Element, number>;
  /** Non-empty paragraphs by document position (ascending). */
  paragraphs: Array<{ position: number; element: Element }>;
  selectors: SelectorIndex;
  byId: Map<string, Element>;
  usemap: Map<string, Element>;
  title: Element | null;
  baseHref: string | undefined;
  /** The hrefs of the page's links (<a>, <area>), as written, the first `maxLinks` (a site crawl's; audits ask for none). */
  links: string[];
  /** The first <link rel="canonical">'s href. */
  canonicalHref: string | undefined;
}

type Frame = { node: Node; inherited: Inherited; exit: false } | { node: Element; exit: true; imagesBefore: number; position: number };

export function walk(document: Node, maxImages: number, maxLinks = 0): Walk {
  const result: Walk = {
    candidates: [],
    total: 0,
    withText: new Set(),
    images: new Set(),
    imagesIn: new Map(),
    paragraphs: [],
    selectors: { nth: new Map(), ids: new Map(), uniqueIds: new Set(), positions: new Map() },
    byId: new Map(),
    usemap: new Map(),
    title: null,
    baseHref: undefined,
    links: [],
    canonicalHref: undefined,
  };
  const idCounts = new Map<string, number>();
  let imageElements = 0;
  let position = 0;
  let heading: Element | null = null;
  let headingPosition = -1;

  const pushChildren = (stack: Frame[], parent: Node, inherited: Inherited) => {
    const children = childrenOf(parent);
    // :nth-of-type for every element, counted once per parent (never by rescanning siblings per image).
    const seen = new Map<string, number>();
    for (const child of children) {
      if (!isElement(child)) continue;
      const nth = (seen.get(child.tagName) ?? 0) + 1;
      seen.set(child.tagName, nth);
      result.selectors.nth.set(child, nth);
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push({ node: children[index]!, inherited, exit: false });
  };

  const stack: Frame[] = [];
  pushChildren(stack, document, ROOT);
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exit) {
      const element = frame.node;
      // Bottom-up: an element has text when a child text node or a (non-script) child element has.
      for (const child of childrenOf(element)) {
        const textful = isElement(child)
          ? child.tagName !== 'script' && child.tagName !== 'style' && child.tagName !== 'template' && !result.images.has(child) && result.withText.has(child)
          : child.nodeName === '#text' && /\S/.test((child as { value: string }).value);
        if (textful) {
          result.withText.add(element);
          break;
        }
      }
      if (hostKindOf(element.tagName, (name) => attr(element, name)) !== null) {
        result.imagesIn.set(element, imageElements - frame.imagesBefore);
      }
      if (element.tagName === 'p' && result.withText.has(element)) result.paragraphs.push({ position: frame.position, element });
      continue;
    }
    const { node, inherited } = frame;
    if (!isElement(node)) continue;
    const element = node;
    const here = position;
    position += 1;
    result.selectors.positions.set(element, here);
    const id = attr(element, 'id');
    if (id) {
      idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
      if (!result.byId.has(id)) result.byId.set(id, element);
      result.selectors.ids.set(element, id);
    }
    const tag = element.tagName;
    if (tag === 'title' && !inherited.inSvg && !result.title) result.title = element;
    if (tag === 'base' && result.baseHref === undefined && hasAttr(element, 'href')) result.baseHref = attr(element, 'href');
    if ((tag === 'a' || tag === 'area') && result.links.length < maxLinks && hasAttr(element, 'href')) result.links.push(attr(element, 'href')!);
    if (tag === 'link' && maxLinks > 0 && result.canonicalHref === undefined && /(^|\s)canonical(\s|$)/i.test(attr(element, 'rel') ?? '')) result.canonicalHref = attr(element, 'href');
    if (tag === 'img') {
      const usemap = attr(element, 'usemap')?.trim();
      if (usemap && !result.usemap.has(usemap)) result.usemap.set(usemap, element);
    }
    const kind = isImageElement(element);
    const imagesBefore = imageElements;
    if (kind) {
      imageElements += 1;
      result.images.add(element);
      if (!inherited.inImage) {
        result.total += 1;
        if (result.candidates.length < maxImages) result.candidates.push({ element, kind, inherited, position: here, heading, headingPosition });
      }
    }
    // After the image itself: a heading is "before" the images inside it and after, never before itself.
    if (HEADING.test(tag)) {
      heading = element;
      headingPosition = here;
    }
    stack.push({ node: element, exit: true, imagesBefore, position: here });
    pushChildren(stack, element, inheritedBy(element, inherited, kind, here));
  }
  result.paragraphs.sort((a, b) => a.position - b.position);
  for (const [id, count] of idCounts) if (count === 1) result.selectors.uniqueIds.add(id);
  return result;
}
