/**
 * What the checker knows about one language, as data: the words that name an image, the labels
 * and instructions a CMS or a prompt leaves behind, the openings that only announce "this is an
 * image", and the actions a link or button image may be named by. Every list is matched against
 * the text in its plain form (see ../text-forms: lower case, quotes straightened, ends trimmed).
 */
export interface Lexicon {
  /** BCP-47 primary language subtag: "en", "pt", "zh". */
  readonly tag: string;
  /** The language's English name, for messages and documentation. */
  readonly name: string;
  /** Articles that may open a placeholder: "an image", "un'immagine", "ein Bild". */
  readonly articles: readonly string[];
  /**
   * Words that name a kind of image. Alone ("immagine") they are a placeholder; with a number
   * ("imagem 12", "이미지 3") they are a generated name. Both are WCAG F30.
   */
  readonly imageWords: readonly string[];
  /** Other texts that are placeholders on their own: "untitled", "sans titre", "無題". */
  readonly placeholders: readonly string[];
  /**
   * Openings (or, in head-final languages, endings) that only say the image is an image: "Image
   * of…", "Immagine di…", "…の写真". A warning: screen readers already say "image". Words for
   * screenshots, paintings and statues are not here: those tell the listener something.
   */
  readonly redundantOpenings: readonly TextPattern[];
  /** Internal labels that, followed by a colon (or alone), are not a description: "Caption:", "Titolo:". */
  readonly labels: readonly string[];
  /** Instructions left in the field or echoed back by a model: "describe the image". */
  readonly instructions: readonly TextPattern[];
  /** Actions and destinations that name what a link or button image does: "Search", "Suche", "검색". */
  readonly actions: readonly string[];
  /** Words too common to show that an alt and a link's label share a meaning. */
  readonly stopWords: readonly string[];
}

const LETTER = String.raw`[\p{L}\p{N}\p{M}]`;
/** JavaScript's \b only knows ASCII letters; this one knows every script. */
const WORD_BOUNDARY = String.raw`(?:(?<!${LETTER})(?=${LETTER})|(?<=${LETTER})(?!${LETTER}))`;

/** A regular expression over a text's plain form, compiled when it is first tested. */
export interface TextPattern {
  test(text: string): boolean;
}

/**
 * A pattern over a text's plain form, where \b is a word boundary in any script. Compiled on its first
 * test: the 190 patterns of the 15 languages took ~90 ms of every process's start (the server's, each
 * CLI command's) that never checks a text, and a text in a known language tests only its own and
 * English's. languages.test.ts compiles every one.
 */
export function pattern(source: string): TextPattern {
  let compiled: RegExp | undefined;
  // Neither g nor y: test() keeps no lastIndex between texts.
  const regExp = () => (compiled ??= new RegExp(source.replaceAll('\\b', WORD_BOUNDARY), 'u'));
  return { test: (text) => regExp().test(text) };
}

/** A list written as one string, entries separated by "|". */
export const list = (entries: string): string[] =>
  entries
    .split('|')
    .map((entry) => entry.trim())
    .filter(Boolean);
