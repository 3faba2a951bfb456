/** One word as the OCR engine reports it: its text and its confidence, 0–100. */
export interface OcrWord {
  readonly text: string;
  readonly confidence: number;
}

/** Words in reading order, grouped by the line they sit on. */
export type OcrLines = readonly (readonly OcrWord[])[];

export interface LegibleText {
  /** The text kept, one line per line of the image. */
  readonly text: string;
  /** Mean confidence of the words kept, 0–100. */
  readonly confidence: number;
  readonly words: number;
}

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

/** What of the OCR output a person would read on the image; undefined when nothing legible. */
export function legibleText(lines: OcrLines): LegibleText | undefined {
  const kept: OcrWord[][] = [];
  for (const line of lines) {
    const words = line.filter((word) => word.text.trim() !== '');
    const good = words.filter((word) => word.confidence >= WORD_CONFIDENCE && alphanumeric(word.text) > 0);
    if (good.length > 0 && good.length >= words.length * LINE_KEEP_SHARE) kept.push(good);
  }
  const words = kept.flat();
  if (words.length === 0) return undefined;
  const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
  const characters = words.reduce((sum, word) => sum + alphanumeric(word.text), 0);
  if (confidence < TEXT_CONFIDENCE || characters < MIN_CHARACTERS) return undefined;
  const text = kept.map((line) => line.map((word) => word.text.trim()).join(' ')).join('\n');
  return { text, confidence: Math.round(confidence), words: words.length };
}
