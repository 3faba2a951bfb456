/** One word as the OCR engine reports it: its text and its confidence, 0–100. */
export interface OcrWord {
  readonly text: string;
  readonly confidence: number;
}

/** Words in reading order, grouped by the line they sit on. */
export type OcrLines = readonly (readonly OcrWord[])[];

export interface LegibleText {
  /**
   * The text kept, one line per line of the image. A word OCR was unsure of is kept, flagged as
   * "[word?]": a reviewer (or a vision model) checks it; it is never dropped silently.
   */
  readonly text: string;
  /** The same text with each run of unsure words replaced by "…": what a draft may quote. */
  readonly gapped: string;
  /** Mean confidence of the words kept (sure and unsure), 0–100. */
  readonly confidence: number;
  readonly words: number;
  /** The words OCR was unsure of, in reading order (as read: perhaps misread). */
  readonly uncertain: readonly string[];
}

/** How an unsure word is shown in `text`. */
export const flagUncertain = (word: string): string => `[${word}?]`;
export const GAP = '…';

/**
 * Thresholds measured in ocr/text-reader.test.ts on rendered text and photo-like images with
 * tesseract's LSTM model (eng best_int): clear text of 12 to 24 px at any contrast of 3:1 or
 * more reads at 88–96 per word; the "words" found in gradients, blurred noise and grain read at
 * 0–45 (a few reach 60–81, alone among low ones). So a word counts at 75 or more, and an
 * image holds legible text only when the words kept average 80 or more and carry at least
 * four letters or digits between them.
 */
export const WORD_CONFIDENCE = 75;
export const TEXT_CONFIDENCE = 80;
const MIN_CHARACTERS = 4;
/** Noise reads as many short scraps: most of a line's words must survive for the line to count. */
const LINE_KEEP_SHARE = 0.5;

const alphanumeric = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

interface KeptWord {
  readonly text: string;
  readonly confidence: number;
  readonly sure: boolean;
}

const isSure = (word: OcrWord) => word.confidence >= WORD_CONFIDENCE;

/**
 * What of the OCR output a person would read on the image; undefined when nothing legible.
 * Whether an image holds text is judged on its sure words alone, as measured (a line counts when
 * most of its words are sure). Once it does, every line with a sure word is kept whole: its unsure
 * words are flagged, never dropped (an unsure "%" or "++" is often a misread word: blurred "9 to"
 * reads "% to"). A line without one sure word is picture, not text.
 */
export function legibleText(lines: OcrLines): LegibleText | undefined {
  const decisive: OcrWord[] = [];
  const kept: KeptWord[][] = [];
  for (const line of lines) {
    const words = line
      .map((word) => ({ text: word.text.trim(), confidence: word.confidence }))
      .filter((word) => word.text !== '');
    const good = words.filter((word) => isSure(word) && alphanumeric(word.text) > 0);
    if (good.length === 0) continue;
    if (good.length >= words.length * LINE_KEEP_SHARE) decisive.push(...good);
    kept.push(words.map((word) => ({ ...word, sure: isSure(word) })));
  }
  if (decisive.length === 0) return undefined;
  const sureConfidence = decisive.reduce((sum, word) => sum + word.confidence, 0) / decisive.length;
  const characters = decisive.reduce((sum, word) => sum + alphanumeric(word.text), 0);
  if (sureConfidence < TEXT_CONFIDENCE || characters < MIN_CHARACTERS) return undefined;

  const counted = kept.flat().filter((word) => alphanumeric(word.text) > 0);
  const confidence = counted.reduce((sum, word) => sum + word.confidence, 0) / counted.length;
  const text = kept
    .map((line) => line.map((word) => (word.sure ? word.text : flagUncertain(word.text))).join(' '))
    .join('\n');
  const gapped = kept
    .map((line) =>
      line
        .map((word) => (word.sure ? word.text : GAP))
        .filter((word, index, all) => word !== GAP || all[index - 1] !== GAP)
        .join(' '),
    )
    .join('\n');
  return {
    text,
    gapped,
    confidence: Math.round(confidence),
    words: counted.length,
    uncertain: kept.flat().filter((word) => !word.sure).map((word) => word.text),
  };
}
