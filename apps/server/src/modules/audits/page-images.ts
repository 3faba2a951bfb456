// Every image a screen-reader user meets on a page, found with a real HTML parser (parse5): what it
// shows, what it is called and why, where it is (a CSS selector) and what surrounds it.
import type { AuditImage } from '@altwise/shared';
import { parse } from 'parse5';
import { cssSelectorOf } from './css-selector';
import type { Element } from './html-tree';
import { attr, childElements, closest, collapse, contains, elementsInOrder, hasAttr, textOf } from './html-tree';
import { chosenSource } from './srcset';

const CONTEXT_CHARS = 300;

export type FoundImage = Omit<AuditImage, 'verdict' | 'issues' | 'suggestion' | 'suggestionError'> & {
  /** Hidden on purpose: alt="", role="presentation"/"none" or aria-hidden="true". */
  markedDecorative: boolean;
};

export interface PageImages {
  pageTitle: string | null;
  images: FoundImage[];
}

function clip(text: string | null | undefined): string | null {
  const collapsed = collapse(text ?? '');
  if (!collapsed) return null;
  return collapsed.length > CONTEXT_CHARS ? `${collapsed.slice(0, CONTEXT_CHARS - 1)}…` : collapsed;
}

function resolveUrl(raw: string | null | undefined, base: URL): string | null {
  if (!raw) return null;
  try {
    return new URL(raw.trim(), base).href;
  } catch {
    return null;
  }
}

const HEADING = /^h[1-6]$/;

function isImageElement(element: Element): FoundImage['kind'] | null {
  const role = attr(element, 'role')?.trim().toLowerCase();
  if (element.tagName === 'img') return 'img';
  if (element.tagName === 'input' && attr(element, 'type')?.trim().toLowerCase() === 'image') return 'input-image';
  if (element.tagName === 'svg') return 'svg';
  if (element.tagName === 'area' && hasAttr(element, 'href')) return 'area';
  if (role === 'img' || role === 'image') return 'role-img';
  return null;
}

interface Name {
  accessibleName: string | null;
  nameSource: FoundImage['nameSource'];
}

/** The accessible name in the order browsers compute it: aria-labelledby, aria-label, the host language's own, title. */
function nameOf(element: Element, kind: FoundImage['kind'], byId: Map<string, Element>): Name {
  const labelledBy = attr(element, 'aria-labelledby');
  if (labelledBy) {
    const text = collapse(
      labelledBy
        .split(/\s+/)
        .map((id) => byId.get(id))
        .filter((target): target is Element => Boolean(target))
        .map((target) => textOf(target))
        .join(' '),
    );
    if (text) return { accessibleName: text, nameSource: 'aria-labelledby' };
  }
  const label = attr(element, 'aria-label');
  if (label && label.trim()) return { accessibleName: collapse(label), nameSource: 'aria-label' };
  if (kind === 'img' || kind === 'input-image' || kind === 'area') {
    const alt = attr(element, 'alt');
    if (alt !== undefined && (alt.trim() || kind === 'img')) return { accessibleName: collapse(alt), nameSource: 'alt' };
  }
  if (kind === 'svg') {
    const title = childElements(element).find((child) => child.tagName === 'title');
    const text = title ? textOf(title) : '';
    if (text) return { accessibleName: text, nameSource: 'svg-title' };
  }
  const title = attr(element, 'title');
  if (title && title.trim()) return { accessibleName: collapse(title), nameSource: 'title' };
  return { accessibleName: null, nameSource: null };
}

function isMarkedDecorative(element: Element, kind: FoundImage['kind']): boolean {
  const role = attr(element, 'role')?.trim().toLowerCase();
  if (attr(element, 'aria-hidden')?.trim() === 'true') return true;
  if (closest(element, (ancestor) => attr(ancestor, 'aria-hidden')?.trim() === 'true')) return true;
  if (role === 'presentation' || role === 'none') return true;
  return kind === 'img' && attr(element, 'alt') === '';
}

function linkContext(element: Element, all: Element[], base: URL): FoundImage['context']['link'] {
  const host = closest(element, (ancestor) => (ancestor.tagName === 'a' && hasAttr(ancestor, 'href')) || ancestor.tagName === 'button');
  if (!host) return null;
  const otherImages = all.filter((other) => other !== element && contains(host, other) && isImageElement(other));
  const text = textOf(host);
  return {
    element: host.tagName === 'a' ? 'a' : 'button',
    href: host.tagName === 'a' ? resolveUrl(attr(host, 'href'), base) : null,
    text,
    soleContent: !text && otherImages.length === 0,
  };
}

/** The last heading before the image in document order. */
function headingBefore(order: Element[], position: number): string | null {
  for (let index = position - 1; index >= 0; index -= 1) {
    if (HEADING.test(order[index]!.tagName)) return clip(textOf(order[index]!));
  }
  return null;
}

/** The paragraph the image sits in, else the nearest one by document order (after first: captions follow). */
function nearestParagraph(element: Element, order: Element[], position: number): string | null {
  const own = closest(element, (ancestor) => ancestor.tagName === 'p');
  if (own) return clip(textOf(own));
  for (let distance = 1; distance < order.length; distance += 1) {
    const after = order[position + distance];
    if (after?.tagName === 'p' && !contains(after, element) && textOf(after)) return clip(textOf(after));
    const before = order[position - distance];
    if (before?.tagName === 'p' && textOf(before)) return clip(textOf(before));
    if (!after && !before) break;
  }
  return null;
}

/** For <area>, the picture is the <img usemap="#name"> the map belongs to. */
function areaImageUrl(area: Element, order: Element[], base: URL): string | null {
  const map = closest(area, (ancestor) => ancestor.tagName === 'map');
  const name = map ? (attr(map, 'name') ?? attr(map, 'id')) : undefined;
  if (!name) return null;
  const img = order.find((candidate) => candidate.tagName === 'img' && attr(candidate, 'usemap')?.trim() === `#${name}`);
  return img ? resolveUrl(chosenSource(img), base) : null;
}

/** role="img" on a <div> or <span> usually paints a CSS background: its url() is the picture. */
function backgroundImageUrl(element: Element, base: URL): string | null {
  const style = attr(element, 'style') ?? '';
  const match = /background(?:-image)?\s*:[^;]*url\(\s*(['"]?)([^'")]+)\1\s*\)/i.exec(style);
  return match ? resolveUrl(match[2], base) : null;
}

function imageUrlOf(element: Element, kind: FoundImage['kind'], order: Element[], base: URL): string | null {
  switch (kind) {
    case 'img':
      return resolveUrl(chosenSource(element), base);
    case 'input-image':
      return resolveUrl(attr(element, 'src'), base);
    case 'area':
      return areaImageUrl(element, order, base);
    case 'role-img':
      return backgroundImageUrl(element, base);
    case 'svg':
      return null;
  }
}

export function findPageImages(html: string, pageUrl: URL): PageImages {
  const document = parse(html);
  const order = elementsInOrder(document);
  const byId = new Map<string, Element>();
  const idCounts = new Map<string, number>();
  for (const element of order) {
    const id = attr(element, 'id');
    if (!id) continue;
    idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
    if (!byId.has(id)) byId.set(id, element);
  }
  const uniqueIds = new Set([...idCounts].filter(([, count]) => count === 1).map(([id]) => id));
  const baseHref = order.find((element) => element.tagName === 'base' && hasAttr(element, 'href'));
  const base = (baseHref && resolveUrl(attr(baseHref, 'href'), pageUrl)) || pageUrl.href;
  const baseUrl = new URL(base);
  const titleElement = order.find((element) => element.tagName === 'title' && !closest(element, (ancestor) => ancestor.tagName === 'svg'));

  const images: FoundImage[] = [];
  order.forEach((element, position) => {
    const kind = isImageElement(element);
    if (!kind) return;
    // Inside an image already listed (an <svg> in a role="img" wrapper): the outer one is what is announced.
    if (closest(element, (ancestor) => isImageElement(ancestor) !== null && ancestor.tagName !== 'picture')) return;
    const figure = closest(element, (ancestor) => ancestor.tagName === 'figure');
    const figcaption = figure ? childElements(figure).find((child) => child.tagName === 'figcaption') : undefined;
    images.push({
      index: images.length,
      kind,
      imageUrl: imageUrlOf(element, kind, order, baseUrl),
      selector: cssSelectorOf(element, uniqueIds),
      ...nameOf(element, kind, byId),
      context: {
        figcaption: figcaption ? clip(textOf(figcaption)) : null,
        link: linkContext(element, order, baseUrl),
        heading: headingBefore(order, position),
        paragraph: nearestParagraph(element, order, position),
      },
      markedDecorative: isMarkedDecorative(element, kind),
    });
  });
  return { pageTitle: titleElement ? clip(textOf(titleElement)) : null, images };
}
