import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import type { EmbeddedDescriptions } from '../image/embedded-metadata';
import { bestEmbeddedAlt } from '../image/embedded-metadata';
import type { ImageFacts } from '../image/image-decoder';
import type { VisionOutput } from '../providers/vision-provider';
import { replaceUrls, sanitizeModelText, truncateAtWord } from '../text/output-sanitizer';
import { destinationWords } from './destination-words';
import { cleanFileName } from './file-name';
import type { PixelAnalysis } from './pixel-analysis';

/** Text OCR read in the image: flagged, with gaps, and the words it was unsure of. */
export interface OfflineText {
  /** Unsure words flagged "[word?]" (what textInImage keeps). */
  readonly text: string;
  /** Unsure words as "…" (what the draft quotes). */
  readonly gapped: string;
  readonly uncertain: readonly string[];
}

export interface OfflineDescriberInput {
  readonly original: Pick<ImageFacts, 'width' | 'height' | 'animated' | 'hasAlpha'>;
  readonly pixels: PixelAnalysis;
  /** Hints only: offered to the reviewer as suggestions, never written as the description. */
  readonly metadata: EmbeddedDescriptions;
  /** A hint only, like the metadata. (The caller's context is not taken: it is never pasted.) */
  readonly fileName?: string;
  readonly maxLength: number;
  /** Legible text that OCR read in the image. */
  readonly textFound?: OfflineText;
  /** The link or button the image is the only content of. */
  readonly purpose?: ImagePurpose;
}

/** Spacers, rules and tracking pixels: nothing to describe. */
const SPACER_MAX_EDGE = 3;

function shapeWord(width: number, height: number, photographic: boolean): string {
  const ratio = width / height;
  if (ratio >= 2.5) return photographic ? 'panoramic' : 'wide banner';
  if (ratio <= 0.4) return photographic ? 'tall panoramic' : 'tall narrow';
  if (ratio >= 0.9 && ratio <= 1.1) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** What the pixels alone justify saying: shape, kind, colours, transparency, animation. Never objects. */
export function describePixels(input: Pick<OfflineDescriberInput, 'original' | 'pixels'>): string {
  const { original, pixels } = input;
  const kind = pixels.photographic ? 'photograph' : 'graphic';
  const words = [
    original.animated ? 'animated' : '',
    shapeWord(original.width, original.height, pixels.photographic),
    pixels.greyscale ? 'black-and-white' : '',
    kind,
  ].filter(Boolean);
  let text = words.join(' ');
  const colours = pixels.dominantColours.map((entry) => entry.name);
  if (!pixels.greyscale) {
    if (colours.length === 0) text += ' in many colours';
    else if (pixels.photographic) text += ` in mostly ${listWords(colours)} tones`;
    else text += ` in ${listWords(colours)}`;
  }
  if (original.hasAlpha && pixels.transparentShare >= 0.05) text += ' on a transparent background';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A cut text should not end on "with" or "the". */
function shorten(text: string, maxLength: number): string {
  let cut = truncateAtWord(text, maxLength);
  while (/\s(?:a|an|and|at|by|for|from|in|of|on|or|the|to|with)$/i.test(cut))
    cut = cut.replace(/\s+\S+$/, '');
  return cut;
}

/** What kind of thing carries the text, as far as pixels tell: a banner, a photograph, a graphic. */
function textCarrier(input: Pick<OfflineDescriberInput, 'original' | 'pixels'>): string {
  const ratio = input.original.width / input.original.height;
  if (input.pixels.photographic) return 'Photograph';
  return ratio >= 2.5 ? 'Banner' : 'Graphic';
}

const oneLine = (text: string) =>
  text
    .split('\n')
    .map((part) => part.trim().replace(/[,;:]$/, ''))
    .filter(Boolean)
    .join(', ');

/** "https://www.riverfest.org/tickets" → "riverfest.org"; '' for an address with no site (mailto:, data:). */
function siteName(url: string): string {
  if (/^(?:data|javascript|mailto|file):/i.test(url)) return '';
  return url.replace(/^[a-z]+:\/\//i, '').replace(/^www\./i, '').split(/[/?#:]/)[0] ?? '';
}

/**
 * Web addresses read in the image, each given by its site's name: an alt holds no address (the
 * sanitiser takes it out, and a screen reader would spell it out sign by sign), and without the
 * name "Tickets at www.riverfest.org/tickets" became "Tickets at ". The address stays whole in
 * textInImage, and a note says so.
 */
function withSiteNames(line: string): { line: string; sites: string[] } {
  const sites: string[] = [];
  const named = replaceUrls(line, (url) => {
    const site = siteName(url);
    sites.push(site);
    return site;
  });
  return { line: named.replace(/[ \t]{2,}/g, ' ').trim(), sites };
}

function addressNote(sites: readonly string[]): AltTextIssue[] {
  if (sites.length === 0) return [];
  const named = sites.filter(Boolean).map((site) => `"${site}"`);
  const how = named.length ? `by its site's name (${named.join(', ')})` : 'not at all';
  return [note('url-in-text', `A web address read in the image is given ${how} in the alt text: the whole address is in textInImage. Put it in the page text if readers need it.`)];
}

/** The text as one line, quoted, cut at a word (with an ellipsis) to fit `room` characters. */
function quoteText(line: string, room: number): string {
  if (line.length + 2 <= room) return `'${line}'`;
  return `'${truncateAtWord(line, Math.max(room - 3, 1)).replace(/[\s,;:.…]+$/, '')}…'`;
}

/**
 * "Banner reading 'Summer sale, 30% off'": text in an image must be in its alt (WCAG 1.1.1,
 * 1.4.5), and the text is what the image says. Words OCR was unsure of are a "…". Text longer
 * than the alt holds (a slide, a receipt) is cut there and given whole in the long description.
 */
function describeText(input: OfflineDescriberInput, found: OfflineText): Pick<VisionOutput, 'altText' | 'longDescription'> {
  const lead = `${textCarrier(input)} reading `;
  const { line } = withSiteNames(oneLine(found.gapped));
  const altText = lead + quoteText(line, input.maxLength - lead.length);
  const cut = lead.length + line.length + 2 > input.maxLength;
  return { altText, longDescription: cut ? withSiteNames(found.gapped).line : undefined };
}

const note = (id: string, message: string): AltTextIssue => ({ id, severity: 'info', message });

/** An untrusted hint, made plain and short enough to read in a list of issues. */
const hint = (text: string) => sanitizeModelText(text, { hardCap: 200 });

/**
 * What the draft cannot assert but a reviewer may confirm: the author's embedded descriptions and
 * the file name. Anyone can name an orange blob "golden-retriever-puppy.jpg".
 */
function suggestions(input: OfflineDescriberInput): AltTextIssue[] {
  const notes: AltTextIssue[] = [];
  const embedded = hint(bestEmbeddedAlt(input.metadata) ?? '');
  if (embedded) notes.push(note('embedded-description-hint', `Embedded description suggests: ${embedded}`));
  const extended = hint(input.metadata.extendedDescription ?? '');
  if (extended) notes.push(note('embedded-description-hint', `Embedded long description suggests: ${extended}`));
  const fromName = cleanFileName(input.fileName);
  if (fromName) notes.push(note('file-name-hint', `File name suggests: ${hint(fromName)}`));
  return notes;
}

/**
 * A link or button image is named by where it goes or what it does (WCAG G94, F89), in the
 * destination's own words: its label, else its address, else the text it shows. Nothing about
 * its pixels: "blue square graphic" tells nobody where a link goes.
 */
function describePurpose(input: OfflineDescriberInput, purpose: ImagePurpose): { altText: string; note: AltTextIssue } {
  const element = purpose.kind === 'link' ? 'link' : 'button';
  const goal = purpose.kind === 'link' ? 'where the link goes' : 'what the button does';
  const sources: Array<readonly [string, string]> = [
    [hint(purpose.label ?? ''), `the ${element}'s own label`],
    [purpose.kind === 'link' ? destinationWords(purpose.href) : '', "the link's address"],
    [withSiteNames(oneLine(input.textFound?.gapped ?? '')).line, 'the text read in the image'],
  ];
  const found = sources.find(([words]) => words !== '');
  if (!found) {
    return { altText: '', note: note('purpose-hint', `The image is the only content of a ${element}: nothing names ${goal}. Write ${goal}.`) };
  }
  return {
    altText: shorten(found[0], input.maxLength),
    note: note('purpose-hint', `Named after ${found[1]}, as the only content of a ${element}: confirm it says ${goal}.`),
  };
}

/** The words OCR was unsure of, for the reviewer to check against the image. */
function uncertainNote(found: OfflineText | undefined): AltTextIssue[] {
  if (!found?.uncertain.length) return [];
  const words = found.uncertain.map((word) => `"${hint(word)}"`).join(', ');
  return [note('uncertain-text', `OCR was unsure of ${found.uncertain.length === 1 ? 'a word' : `${found.uncertain.length} words`} (shown as "…"): ${words}. Check them against the image.`)];
}

/**
 * The default describer, no model involved: it states only what it measured (the text OCR read,
 * photograph or graphic, dominant colours, transparency, animation) and nothing else. The file
 * name and embedded descriptions are offered as suggestions to confirm; the caller's context is
 * not used (pasting it is not describing). Deterministic: the same input always gives the same text.
 */
export function describeOffline(input: OfflineDescriberInput): VisionOutput {
  const { original, pixels } = input;
  const found = input.textFound?.gapped.trim() ? input.textFound : undefined;
  const text = found && {
    containsText: true,
    textInImage: found.text,
    uncertainText: found.uncertain.length ? found.uncertain : undefined,
  };
  const notes = [...uncertainNote(found), ...addressNote(withSiteNames(found?.gapped ?? '').sites), ...suggestions(input)];
  if (input.purpose) {
    const named = describePurpose(input, input.purpose);
    return { altText: named.altText, isDecorative: false, containsText: false, ...text, notes: [named.note, ...notes] };
  }
  if (Math.min(original.width, original.height) <= SPACER_MAX_EDGE || pixels.fullyTransparent) {
    return { altText: '', isDecorative: true, containsText: false, notes };
  }
  if (found) return { ...describeText(input, found), isDecorative: false, containsText: true, ...text, notes };
  return { altText: shorten(describePixels(input), input.maxLength), isDecorative: false, containsText: false, notes };
}
