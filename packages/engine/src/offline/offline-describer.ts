import type { EmbeddedDescriptions } from '../image/embedded-metadata';
import { bestEmbeddedAlt } from '../image/embedded-metadata';
import type { ImageFacts } from '../image/image-decoder';
import type { VisionOutput } from '../providers/vision-provider';
import { truncateAtWord } from '../text/output-sanitizer';
import { cleanFileName } from './file-name';
import type { PixelAnalysis } from './pixel-analysis';

export interface OfflineDescriberInput {
  readonly original: Pick<ImageFacts, 'width' | 'height' | 'animated' | 'hasAlpha'>;
  readonly pixels: PixelAnalysis;
  readonly metadata: EmbeddedDescriptions;
  readonly context?: string;
  readonly fileName?: string;
  readonly maxLength: number;
  /** Legible text that OCR read in the image. */
  readonly textFound?: string;
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

/** The first sentence of the caller's context, short enough to lead an alt text. */
function subjectFromContext(context: string | undefined): string {
  const first =
    context
      ?.trim()
      .split(/(?<=[.!?])\s|\n/)[0]
      ?.trim()
      .replace(/[.!?:;,]+$/, '') ?? '';
  return truncateAtWord(first, 80);
}

/** A cut subject should not end on "with" or "the". */
function shorten(text: string, maxLength: number): string {
  let cut = truncateAtWord(text, maxLength);
  while (/\s(?:a|an|and|at|by|for|from|in|of|on|or|the|to|with)$/i.test(cut))
    cut = cut.replace(/\s+\S+$/, '');
  return cut;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** What kind of thing carries the text, as far as pixels tell: a banner, a photograph, a graphic. */
function textCarrier(input: Pick<OfflineDescriberInput, 'original' | 'pixels'>): string {
  const ratio = input.original.width / input.original.height;
  if (input.pixels.photographic) return 'Photograph';
  return ratio >= 2.5 ? 'Banner' : 'Graphic';
}

/** The text as one line, quoted, cut at a word (with an ellipsis) to fit `room` characters. */
function quoteText(text: string, room: number): string {
  const line = text
    .split('\n')
    .map((part) => part.trim().replace(/[,;:]$/, ''))
    .filter(Boolean)
    .join(', ');
  if (line.length + 2 <= room) return `'${line}'`;
  return `'${truncateAtWord(line, Math.max(room - 3, 1)).replace(/[\s,;:.]+$/, '')}…'`;
}

/**
 * "Banner reading 'Summer sale, 30% off'": text in an image must be in its alt (WCAG 1.1.1,
 * 1.4.5), and the text is what the image says. The context, when there is one, names it.
 */
function describeText(input: OfflineDescriberInput, text: string): string {
  const carrier = textCarrier(input);
  const subject = subjectFromContext(input.context);
  if (subject) {
    const lead = `${subject}, ${lowerFirst(carrier)} reading `;
    if (lead.length + 12 <= input.maxLength) return lead + quoteText(text, input.maxLength - lead.length);
  }
  const lead = `${carrier} reading `;
  return lead + quoteText(text, input.maxLength - lead.length);
}

/**
 * The default describer, no model involved. Order of trust: the author's embedded
 * description, then the text OCR read in the image, then the caller's context, then the file
 * name; pixel statistics add what can be measured. Deterministic: the same input always gives the same text.
 */
export function describeOffline(input: OfflineDescriberInput): VisionOutput {
  const { original, pixels, metadata } = input;
  if (Math.min(original.width, original.height) <= SPACER_MAX_EDGE || pixels.fullyTransparent) {
    return { altText: '', isDecorative: true, containsText: false };
  }
  const textFound = input.textFound?.trim() || undefined;
  const embedded = bestEmbeddedAlt(metadata);
  if (embedded) {
    return {
      altText: embedded,
      isDecorative: false,
      containsText: Boolean(textFound),
      textInImage: textFound,
      longDescription: metadata.extendedDescription,
    };
  }
  if (textFound) {
    return {
      altText: describeText(input, textFound),
      isDecorative: false,
      containsText: true,
      textInImage: textFound,
    };
  }
  const visual = describePixels(input);
  const subject = subjectFromContext(input.context) || cleanFileName(input.fileName);
  if (!subject) return { altText: visual, isDecorative: false, containsText: false };

  const combined = `${subject}, ${lowerFirst(visual)}`;
  const altText = combined.length <= input.maxLength ? combined : shorten(subject, input.maxLength);
  return { altText, isDecorative: false, containsText: false };
}
