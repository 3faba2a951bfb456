// Where each approved fix of a page goes in the page's source file. The run judged an element of the
// served page (its picture's URL, its CSS selector, what it was announced as); the file is read with
// the element model `altwise fill` uses (findImages) and the fix is written with fill's writer
// (editFor: escaped for its syntax, only the alt's bytes change). An element is taken only when the
// file shows it beyond doubt: the same picture and the same selector, or the same picture with the
// same current alt where every fix for that picture on the page carries the same text. Anything else
// is reported, never guessed.
import path from 'node:path';
import type { Edit, FoundImage } from '@altwise/engine/markup';
import { editFor, findAttr, findImages, htmlSelectors, plainAltText, scanStartTags, syntaxOf } from '@altwise/engine/markup';

export interface Fix {
  location: string;
  selector: string;
  imageUrl: string;
  currentAlt: string | null;
  suggestedAlt: string;
}

export interface FixOutcome {
  fix: Fix;
  /** Where the element is in the file (1-based line), when one was found. */
  line?: number;
  reason: string;
}

export interface Placement {
  edits: Edit[];
  placed: FixOutcome[];
  /** The element already says the approved text (a second apply): nothing to change. */
  already: FixOutcome[];
  unplaced: FixOutcome[];
}

/** The server cuts an accessible name at this length (page-images.ts); compared the same way. */
const NAME_CHARS = 1000;
const normalName = (name: string | null | undefined): string | null => {
  if (name === null || name === undefined) return null;
  const collapsed = name.replace(/\s+/g, ' ').trim();
  return collapsed.length > NAME_CHARS ? `${collapsed.slice(0, NAME_CHARS - 1)}…` : collapsed;
};

/** What an element is announced as: Markdown image text is read as written, so its backslash escapes (CommonMark) are undone here. */
const announced = (image: FoundImage): string | null => {
  const name = image.name.name;
  return normalName(image.syntax === 'markdown' && name !== null ? name.replace(/\\([!-/:-@[-`{-~])/g, '$1') : name);
};

const resolve = (raw: string | null | undefined, base: URL): string | null => {
  if (!raw?.trim()) return null;
  try {
    return new URL(raw.trim(), base).href;
  } catch {
    return null;
  }
};

/** The URL relative sources resolve against: the page's, or its <base href>. */
function baseOf(source: string, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = scanStartTags(source, new Set(['base'])).map((tag) => findAttr(tag, 'href')?.value).find((value) => value);
  const base = resolve(href, page);
  return base ? new URL(base) : page;
}

/** Every picture URL an element may show: its src, and each candidate of its srcset. */
function picturesOf(image: FoundImage, source: string, base: URL): Set<string> {
  const urls = new Set<string>();
  const src = resolve(image.src, base);
  if (src) urls.add(src);
  if (image.span && image.syntax !== 'markdown') {
    const tag = scanStartTags(source.slice(image.span.start, image.span.end), null)[0];
    const srcset = tag ? findAttr(tag, 'srcset')?.value : undefined;
    for (const candidate of (srcset ?? '').replaceAll('&amp;', '&').split(/,\s+/)) {
      const url = resolve(candidate.trim().split(/\s+/)[0], base);
      if (url) urls.add(url);
    }
  }
  return urls;
}

/**
 * Places the fixes of one page in its source file. `taken` (the file's elements already given a
 * text, by offset) is shared by the pages built from the same file.
 */
export function placeFixes(source: string, file: string, name: string, pageUrl: string, fixes: readonly Fix[], taken: Map<number, string>): Placement {
  const placement: Placement = { edits: [], placed: [], already: [], unplaced: [] };
  const images = findImages(source, file, { root: path.dirname(file) }).filter((image) => image.span);
  const selectors = syntaxOf(file) === 'html' ? htmlSelectors(source) : null;
  const base = baseOf(source, pageUrl);
  const pictures = new Map(images.map((image) => [image, picturesOf(image, source, base)]));

  function decide(fix: Fix, image: FoundImage): void {
    const start = image.span!.start;
    const outcome = (reason: string): FixOutcome => ({ fix, line: image.line, reason });
    if (image.alt.state === 'unknown') return void placement.unplaced.push(outcome(image.alt.reason));
    if (image.name.source === 'aria-label' || image.name.source === 'aria-labelledby') {
      return void placement.unplaced.push(outcome(`it is named by ${image.name.source}, which an alt does not change: edit it by hand`));
    }
    const text = plainAltText(fix.suggestedAlt);
    const current = announced(image);
    const earlier = taken.get(start);
    if (earlier !== undefined && earlier !== text) return void placement.unplaced.push(outcome('another fix gives this element other text: not guessed'));
    if (current === normalName(text) || earlier === text) return void placement.already.push(outcome('already says the approved text'));
    if (current !== normalName(fix.currentAlt)) {
      return void placement.unplaced.push(outcome(`changed since the run: announced as ${current === null ? 'nothing' : `"${current}"`} now, ${fix.currentAlt === null ? 'nothing' : `"${fix.currentAlt}"`} then`));
    }
    placement.edits.push(editFor(image, text));
    taken.set(start, text);
    placement.placed.push(outcome('written'));
  }

  const byPicture = new Map<string, Fix[]>();
  for (const fix of fixes) byPicture.set(fix.imageUrl, [...(byPicture.get(fix.imageUrl) ?? []), fix]);
  for (const [imageUrl, group] of byPicture) {
    const showing = images.filter((image) => pictures.get(image)!.has(imageUrl));
    const matched = new Set<FoundImage>();
    const rest: Fix[] = [];
    for (const fix of group) {
      const exact = selectors ? showing.find((image) => !matched.has(image) && selectors.get(image.span!.start) === fix.selector) : undefined;
      if (exact) {
        matched.add(exact);
        decide(fix, exact);
      } else rest.push(fix);
    }
    if (rest.length === 0) continue;
    const first = rest[0]!;
    const texts = new Set(rest.map((fix) => plainAltText(fix.suggestedAlt)));
    const currents = new Set(rest.map((fix) => normalName(fix.currentAlt)));
    // Elements that show the picture as the run read it (or already with the approved text).
    const free = showing.filter((image) => !matched.has(image) && [normalName(first.currentAlt), normalName(plainAltText(first.suggestedAlt))].includes(announced(image)));
    const unplace = (fixesLeft: Fix[], reason: string) => placement.unplaced.push(...fixesLeft.map((fix) => ({ fix, reason })));
    if (free.length === 0) {
      unplace(rest, showing.length === 0 ? `no element in ${name} shows this picture` : `no element in ${name} that shows this picture is announced as the run read it`);
    } else if (texts.size === 1 && currents.size === 1 && free.length <= rest.length) {
      // The same text for every occurrence of the picture on the page: which element gets it cannot matter.
      free.forEach((image, at) => decide(rest[at]!, image));
      if (rest.length > free.length) {
        unplace(rest.slice(free.length), `the page shows this picture ${rest.length} times, ${name} ${free.length}: the others are not in this file (a layout or an include?)`);
      }
    } else {
      unplace(rest, `${free.length} elements in ${name} show this picture and none has the run's selector${texts.size > 1 ? ', and its fixes differ' : ''}: not guessed`);
    }
  }
  return placement;
}
