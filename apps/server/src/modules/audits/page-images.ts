// Every image a screen-reader user meets on a page, found with a real HTML parser (parse5): what it
// shows, what it is called and why, where it is (a CSS selector), what surrounds it, the language it
// is in and what it is for. Any page may be hostile (issue 18): the document is walked once
// (page-walk.ts), what each image inherits (its link, figure, language…) is carried down that walk, and every later
// lookup is a map read or a bounded text read, so the work grows with the page, never with
// images × page. Only the first `maxImages` are described; the rest are counted.
import type { AuditImage, ImagePurpose } from '@altwise/shared';
import { MAX_AUDIT_IMAGES } from '@altwise/shared';
import { accessibleNameOf, hostKindOf, presentationOf } from '@altwise/engine/elements';
import type { Presentation } from '@altwise/engine/elements';
import { parse } from 'parse5';
import { cssSelectorOf } from './css-selector';
import type { Element, Node } from './html-tree';
import { attr, childrenOf, collapse, isElement } from './html-tree';
import { createTextReader } from './page-text';
import type { Candidate, Inherited } from './page-walk';
import { validLang, walk } from './page-walk';
import { locationOf } from './image-location';
import { chosenSource, firstPictureSource } from './srcset';

const CONTEXT_CHARS = 300;
/** Text around an image counts as beside it up to this length: altwise lint reads 300 characters either side. */
const NEARBY_CHARS = 2 * CONTEXT_CHARS;
/** An accessible name longer than this is cut: nobody listens to more, and it is an issue anyway. */
const NAME_CHARS = 1000;
/** A text read stops after this many nodes (a deeply nested or enormous element). */
const TEXT_NODES = 2000;
/** aria-labelledby ids followed per image. */
const LABELLED_BY_IDS = 16;
/** Only the start of a style attribute is searched for a background image (and never backtracked over megabytes). */
const STYLE_CHARS = 2000;

export type FoundImage = Omit<AuditImage, 'verdict' | 'issues' | 'suggestion' | 'suggestionError' | 'location'> & {
  /** Where it is, in words (image-location.ts); the service adds it to the audited image. */
  location: string;
  /** Hidden (aria-hidden) or presentational (role="presentation"/"none", alt=""), by the element model. */
  presentation: Presentation;
  /** Inside a link or button that has text of its own. */
  besideText: boolean;
  /** The text of the link, button or table cell it sits in (H2 redundancy). */
  adjacentText: string | null;
  /**
   * The text the checker compares the name with (copies-context): its paragraph; outside one, the
   * text of the nearest element around it that has text, when short (as altwise lint reads the text
   * beside an image in the source), else the nearest paragraph.
   */
  textAround: string | null;
};

export interface PageImages {
  pageTitle: string | null;
  /** The first `maxImages` images, in document order. */
  images: FoundImage[];
  /** Images found beyond `maxImages`: counted, not described. */
  notAudited: number;
  /** With `maxLinks`: the page's links, absolute (http and https only), and its canonical URL. */
  links?: string[];
  canonical?: string | null;
}

function clip(text: string | null | undefined, max = CONTEXT_CHARS): string | null {
  const collapsed = collapse(text ?? '');
  if (!collapsed) return null;
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

function resolveUrl(raw: string | null | undefined, base: URL): string | null {
  if (!raw) return null;
  try {
    return new URL(raw.trim(), base).href;
  } catch {
    return null;
  }
}

export interface PageLimits {
  maxImages?: number;
  /** Links to collect too (a site crawl's next pages); none by default. */
  maxLinks?: number;
}

export function findPageImages(html: string, pageUrl: URL, limits: PageLimits = {}): PageImages {
  return imagesOfDocument(parse(html), pageUrl, limits);
}

const httpOnly = (url: string | null): url is string => url !== null && /^https?:/i.test(url);

export function imagesOfDocument(document: Node, pageUrl: URL, { maxImages = MAX_AUDIT_IMAGES, maxLinks = 0 }: PageLimits = {}): PageImages {
  const found = walk(document, maxImages, maxLinks);
  const reader = createTextReader((element) => found.withText.has(element), NAME_CHARS, TEXT_NODES, (element) => found.images.has(element));
  const text = (element: Element, max = CONTEXT_CHARS) => clip(reader.textOf(element), max);
  const base = new URL((found.baseHref !== undefined && resolveUrl(found.baseHref, pageUrl)) || pageUrl.href);

  // Per shared element, worked out once whatever the number of images that share it.
  const once = <K, V>(compute: (key: K) => V) => {
    const memo = new Map<K, V>();
    return (key: K): V => {
      if (!memo.has(key)) memo.set(key, compute(key));
      return memo.get(key)!;
    };
  };

  const figcaptionOf = once((figure: Element) => {
    const caption = childrenOf(figure).find((child): child is Element => isElement(child) && child.tagName === 'figcaption');
    return caption ? text(caption) : null;
  });

  const linkOf = once((host: Element) => {
    const isLink = hostKindOf(host.tagName, (name) => attr(host, name)) === 'link';
    const words = reader.textOf(host);
    const href = host.tagName === 'a' ? resolveUrl(attr(host, 'href'), base) : null;
    const link = { element: isLink ? ('a' as const) : ('button' as const), href, text: clip(words, NAME_CHARS) ?? '' };
    // The destination's own words: aria-label, title, else the link's text.
    const label = clip(attr(host, 'aria-label'), 500) ?? clip(attr(host, 'title'), 500) ?? clip(words, 500);
    const purpose: ImagePurpose = { kind: isLink ? 'link' : 'button' };
    if (href && href.length <= 2048) purpose.href = href;
    if (label) purpose.label = label;
    return { link, purpose, empty: !found.withText.has(host), images: found.imagesIn.get(host) ?? 0 };
  });

  const areaImageUrl = once((map: Element) => {
    const name = attr(map, 'name') ?? attr(map, 'id');
    const img = name ? found.usemap.get(`#${name}`) : undefined;
    return img ? resolveUrl(chosenSource(img, pictureSourceFor(img)), base) : null;
  });

  const pictureChoice = once(firstPictureSource);
  // The <picture> source a browser takes for this <img>: the first matching one before it.
  function pictureSourceFor(img: Element): string | null | undefined {
    const parent = img.parentNode;
    if (!isElement(parent) || parent.tagName !== 'picture') return undefined;
    const choice = pictureChoice(parent);
    return choice && found.selectors.positions.get(choice.source)! < found.selectors.positions.get(img)! ? choice.url : null;
  }

  /** The accessible name by the engine's element model; the document supplies what only it knows. */
  function nameOf(element: Element, kind: FoundImage['kind']): Pick<FoundImage, 'accessibleName' | 'nameSource'> {
    const svgTitle = kind === 'svg' ? childrenOf(element).find((child): child is Element => isElement(child) && child.tagName === 'title') : undefined;
    const { name, source } = accessibleNameOf(kind, (attribute) => attr(element, attribute), {
      labelledBy: (ids) =>
        ids
          .slice(0, LABELLED_BY_IDS)
          .map((id) => found.byId.get(id))
          .filter((target): target is Element => Boolean(target))
          .map((target) => reader.textOf(target))
          .join(' '),
      svgTitle: svgTitle ? text(svgTitle, NAME_CHARS) : null,
      content: kind === 'object' ? text(element, NAME_CHARS) : null,
    });
    return { accessibleName: name === null ? null : name === '' ? '' : (clip(name, NAME_CHARS) ?? ''), nameSource: source };
  }

  function imageUrlOf(element: Element, kind: FoundImage['kind'], inherited: Inherited): string | null {
    switch (kind) {
      case 'img':
        return resolveUrl(chosenSource(element, pictureSourceFor(element)), base);
      case 'input-image':
        return resolveUrl(attr(element, 'src'), base);
      case 'area':
        return inherited.map ? areaImageUrl(inherited.map) : null;
      case 'role-img': {
        // role="img" on a <div> or <span> usually paints a CSS background: its url() is the picture.
        const style = (attr(element, 'style') ?? '').slice(0, STYLE_CHARS);
        const match = /background(?:-image)?\s*:[^;]*url\(\s*(['"]?)([^'")]+)\1\s*\)/i.exec(style);
        return match ? resolveUrl(match[2], base) : null;
      }
      case 'object': {
        const data = attr(element, 'data');
        return attr(element, 'type')?.startsWith('image/') || /\.(?:png|jpe?g|gif|webp|avif|svg)(?:[?#]|$)/i.test(data ?? '') ? resolveUrl(data, base) : null;
      }
      case 'svg':
        return null;
    }
  }

  // Paragraphs: the one the image sits in, else the nearest non-empty one by document order (after
  // first at equal distance: captions follow). Candidates and paragraphs are both in document order.
  let next = 0;
  function nearestParagraph(candidate: Candidate): string | null {
    if (candidate.inherited.paragraph) return text(candidate.inherited.paragraph);
    while (next < found.paragraphs.length && found.paragraphs[next]!.position < candidate.position) next += 1;
    const after = found.paragraphs[next];
    const before = found.paragraphs[next - 1];
    if (!after && !before) return null;
    const useAfter = after && (!before || after.position - candidate.position <= candidate.position - before.position);
    return text((useAfter ? after : before)!.element);
  }

  /**
   * Outside a link or button, the text of the table cell an image sits in is what a screen reader
   * reads beside it (H2). The page reader's text is the cell's text nodes: alt attributes are not in it.
   */
  function cellTextOf(cell: Element | null): string | null {
    if (!cell || !found.withText.has(cell)) return null;
    return text(cell, NAME_CHARS);
  }

  // The nearest element around each element that has text, found once per element (a deep nest of
  // empty elements is climbed once, however many images sit at its bottom).
  const textHolders = new Map<Element, Element | null>();
  function textHolderAbove(element: Element): Element | null {
    const path: Element[] = [];
    let holder: Element | null = null;
    for (let node = element.parentNode; isElement(node); node = node.parentNode) {
      const known = textHolders.get(node);
      if (known !== undefined) {
        holder = known;
        break;
      }
      if (found.withText.has(node)) {
        holder = node;
        break;
      }
      path.push(node);
    }
    for (const node of path) textHolders.set(node, holder);
    return holder;
  }

  /** The text of the nearest element around the image that has any, when short enough to be "beside" it. */
  function nearbyText(element: Element): string | null {
    const holder = textHolderAbove(element);
    if (!holder) return null;
    const words = reader.textOf(holder);
    return words.length <= NEARBY_CHARS ? words : null;
  }

  // "3rd image in figure": images are counted within the place (landmark and heading) they share.
  const perPlace = new Map<string, number>();
  const images = found.candidates.map((candidate, index): FoundImage => {
    const { element, kind, inherited } = candidate;
    const link = inherited.host ? linkOf(inherited.host) : null;
    const soleContent = link !== null && link.empty && link.images <= 1;
    const paragraph = nearestParagraph(candidate);
    return {
      index,
      kind,
      imageUrl: imageUrlOf(element, kind, inherited),
      selector: cssSelectorOf(element, found.selectors),
      ...nameOf(element, kind),
      context: {
        figcaption: inherited.figure ? figcaptionOf(inherited.figure) : null,
        link: link ? { ...link.link, soleContent } : null,
        heading: candidate.heading ? text(candidate.heading) : null,
        paragraph,
      },
      language: validLang(element) ?? inherited.lang,
      purpose: soleContent ? link.purpose : ownPurpose(element, kind),
      location: placeOf(candidate),
      presentation: presentationOf(kind, (attribute) => attr(element, attribute), inherited.hidden),
      besideText: link !== null && !link.empty,
      adjacentText: link ? (link.empty ? null : link.link.text) : cellTextOf(inherited.cell),
      textAround: inherited.paragraph ? paragraph : (nearbyText(element) ?? paragraph),
    };
  });
  const pageImages: PageImages = { pageTitle: found.title ? text(found.title) : null, images, notAudited: found.total - images.length };
  if (maxLinks > 0) {
    pageImages.links = found.links.map((href) => resolveUrl(href, base)).filter(httpOnly);
    pageImages.canonical = found.canonicalHref === undefined ? null : resolveUrl(found.canonicalHref, base);
  }
  return pageImages;

  /** An image button acts (H36); an image map area links (H24): their names must say what they do. */
  function ownPurpose(element: Element, kind: FoundImage['kind']): ImagePurpose | null {
    if (kind === 'input-image') return { kind: 'button' };
    if (kind !== 'area') return null;
    const href = resolveUrl(attr(element, 'href'), base);
    return href && href.length <= 2048 ? { kind: 'link', href } : { kind: 'link' };
  }

  function placeOf(candidate: Candidate): string {
    const { inherited } = candidate;
    const landmark = inherited.landmark;
    // Only a heading inside the landmark names a part of it.
    const heading = candidate.heading && (!landmark || candidate.headingPosition > landmark.position) ? text(candidate.heading, 80) : null;
    const place = `${landmark?.position ?? -1}/${heading === null ? -1 : candidate.headingPosition}`;
    const ordinal = (perPlace.get(place) ?? 0) + 1;
    perPlace.set(place, ordinal);
    const container = inherited.host ? (inherited.host.tagName === 'a' ? 'link' : 'button') : inherited.figure ? 'figure' : inherited.map ? 'image map' : null;
    return locationOf({ landmark: landmark ? { ...landmark, label: landmark.label ?? null } : null, heading, ordinal, kind: candidate.kind, container });
  }
}
