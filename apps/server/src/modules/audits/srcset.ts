// What a browser picks at device-pixel-ratio 1 from srcset and <picture>, on a desktop viewport.
// Media queries are judged for that viewport; widths against the sizes slot.
import parseSrcsetAttribute from 'parse-srcset';
import type { Element } from './html-tree';
import { attr, childElements, parentElement } from './html-tree';

/** The viewport the audit imagines, CSS pixels: a common desktop width. */
export const AUDIT_VIEWPORT_WIDTH = 1280;

interface Candidate {
  url: string;
  density?: number;
  width?: number;
}

/**
 * The candidates of a srcset, parsed by the HTML spec's algorithm (URLs may hold commas). The parser
 * console.logs the page's text on a bad descriptor: a page's text goes to no log, so that call is
 * silenced (it is synchronous: nothing else runs meanwhile).
 */
export function parseSrcset(srcset: string): Candidate[] {
  const log = console.log;
  console.log = () => undefined;
  let parsed: ReturnType<typeof parseSrcsetAttribute>;
  try {
    parsed = parseSrcsetAttribute(srcset);
  } finally {
    console.log = log;
  }
  return parsed.map(({ url, d, w }) => ({ url, ...(d !== undefined ? { density: d } : {}), ...(w !== undefined ? { width: w } : {}) }));
}

/** Whether a simple media query holds on the audit viewport; anything else is treated as not matching. */
export function mediaMatches(media: string | undefined): boolean {
  if (!media || !media.trim() || media.trim() === 'all' || media.trim() === 'screen') return true;
  const min = /\(\s*min-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)/i.exec(media);
  const max = /\(\s*max-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)/i.exec(media);
  if (!min && !max) return false;
  if (min && Number(min[1]) > AUDIT_VIEWPORT_WIDTH) return false;
  if (max && Number(max[1]) < AUDIT_VIEWPORT_WIDTH) return false;
  return true;
}

/** The slot width in CSS pixels from a sizes attribute (the first matching entry; 100vw by default). */
export function slotWidth(sizes: string | undefined): number {
  if (!sizes) return AUDIT_VIEWPORT_WIDTH;
  for (const entry of sizes.split(',')) {
    const trimmed = entry.trim();
    const lastSpace = trimmed.lastIndexOf(' ');
    const media = trimmed.startsWith('(') && lastSpace > 0 ? trimmed.slice(0, lastSpace) : undefined;
    const length = media ? trimmed.slice(lastSpace + 1) : trimmed;
    if (!mediaMatches(media)) continue;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(length);
    if (px) return Number(px[1]);
    const vw = /^(\d+(?:\.\d+)?)vw$/.exec(length);
    if (vw) return (Number(vw[1]) / 100) * AUDIT_VIEWPORT_WIDTH;
  }
  return AUDIT_VIEWPORT_WIDTH;
}

/** The candidate a browser uses at 1x: the smallest density ≥ 1 (widths become densities via sizes). */
export function pickAt1x(srcset: string, sizes?: string): string | null {
  const candidates = parseSrcset(srcset);
  if (candidates.length === 0) return null;
  const slot = slotWidth(sizes);
  const withDensity = candidates.map((candidate) => ({
    url: candidate.url,
    density: candidate.width !== undefined ? candidate.width / slot : (candidate.density ?? 1),
  }));
  const enough = withDensity.filter((candidate) => candidate.density >= 1).sort((a, b) => a.density - b.density);
  if (enough.length > 0) return enough[0]!.url;
  return withDensity.sort((a, b) => b.density - a.density)[0]!.url;
}

const SUPPORTED_TYPES = new Set(['image/avif', 'image/webp', 'image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/apng']);

/** The first <source> of a <picture> a browser would take (a supported type, a matching media, a usable srcset). */
export function firstPictureSource(picture: Element): { source: Element; url: string } | null {
  for (const source of childElements(picture)) {
    if (source.tagName !== 'source') continue;
    const type = attr(source, 'type')?.trim().toLowerCase();
    if (type && !SUPPORTED_TYPES.has(type)) continue;
    if (!mediaMatches(attr(source, 'media'))) continue;
    const picked = pickAt1x(attr(source, 'srcset') ?? '', attr(source, 'sizes'));
    if (picked) return { source, url: picked };
  }
  return null;
}

/**
 * The raw (unresolved) URL an <img> shows at 1x: a matching <picture> source before it, its own
 * srcset, or src. `pictureSource` is that source's URL when the caller already knows it (null: none
 * applies); unset, the <picture>'s children before the image are read.
 */
export function chosenSource(img: Element, pictureSource?: string | null): string | null {
  if (pictureSource) return pictureSource;
  const parent = parentElement(img);
  if (pictureSource === undefined && parent?.tagName === 'picture') {
    const choice = firstPictureSource(parent);
    if (choice && childElements(parent).indexOf(choice.source) < childElements(parent).indexOf(img)) return choice.url;
  }
  const srcset = attr(img, 'srcset');
  if (srcset) {
    const picked = pickAt1x(srcset, attr(img, 'sizes'));
    if (picked) return picked;
  }
  const src = attr(img, 'src')?.trim();
  return src ? src : null;
}
