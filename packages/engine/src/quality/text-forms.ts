/**
 * The forms a text is compared in. Rules match lists of words and patterns written in lower case
 * with straight quotes, so the text is brought to that form once, the same way for every language.
 */

const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u00b4': "'",
  '\u0060': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\uff1a': ':', // full-width colon (CJK)
  '\u3000': ' ', // ideographic space
};

/**
 * Lower case (Turkish "İ" without its stray dot), quotes straightened, full-width colon made
 * ASCII, whitespace collapsed; the ends are kept, so a trailing "Caption:" still has its colon.
 */
export function lowerForm(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(
      /[\u2018\u2019\u02bc\u00b4\u0060\u201c\u201d\u201e\u00ab\u00bb\uff1a\u3000]/g,
      (char) => QUOTES[char] ?? char,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

// Punctuation a listener does not hear at either end: ASCII, CJK, Arabic and Devanagari marks.
const ENDS =
  /^[\s"'([{<.:;,!?¡¿…\-–—。、，！？：；「」『』（）【】《》［］〔〕؟،।॥*_#~※]+|[\s"')\]}>.:;,!?…\-–—。、，！？：；「」『』（）【】《》［］〔〕؟،।॥*_#~※]+$/gu;

/** lowerForm with the punctuation at both ends dropped: how a list entry is compared. */
export function plain(text: string): string {
  return lowerForm(text).replace(ENDS, '').trim();
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(language: string | undefined): Intl.Segmenter {
  const locale = language && Intl.Segmenter.supportedLocalesOf(language).length > 0 ? language : 'en';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/**
 * The words of a text, in lower case. Chinese, Japanese and Thai have no spaces between words, so
 * the split is Intl.Segmenter's (ICU's dictionaries), not a regular expression.
 */
export function wordsOf(text: string, language?: string): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenterFor(language).segment(lowerForm(text))) {
    if (isWordLike && /[\p{L}\p{N}]/u.test(segment)) words.push(segment);
  }
  return words;
}

/** Scripts written without spaces between words, or in syllable blocks, compared by containment. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * A word reduced to what matters for "the same word": accents on Latin letters dropped (URLs are
 * often written without them) and Arabic letter variants and the article "ال" folded.
 */
export function wordKey(word: string): string {
  const key = word
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase();
  if (!/\p{Script=Arabic}/u.test(key)) return key;
  const folded = key
    .replace(/[\u064b-\u065f\u0640]/g, '') // harakat and tatweel
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
  return folded.length > 4 ? folded.replace(/^(?:و|ف)?(?:بال|لل|ال)/, '') : folded;
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

/**
 * Whether two words are the same word, give or take an inflection: "contact"/"contacts",
 * "suche"/"suchen", "корзина"/"корзину", "検索"/"検索する". Short words only take a plural ending,
 * so "cart" is not "cartoon" and "red" is not "redo".
 */
export function sameWord(first: string, second: string): boolean {
  return sameKey(wordKey(first), wordKey(second));
}

/** sameWord on two words already reduced by wordKey (the lists' keys are reduced once). */
export function sameKey(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (UNSPACED.test(shorter)) return shorter.length >= 2 && longer.includes(shorter);
  const prefix = commonPrefixLength(a, b);
  if (shorter.length < 5) return longer === `${shorter}s` || longer === `${shorter}es`;
  // A long word that opens another is its compound's first part: "kontakt" in "Kontaktformular".
  if (prefix === shorter.length && shorter.length >= 6) return true;
  return prefix >= Math.max(5, shorter.length - 2) && longer.length - prefix <= 4;
}

/** Whether a phrase occurs in a text as whole words (or, in unspaced scripts, as a substring). */
export function containsPhrase(text: string, phrase: string): boolean {
  if (!phrase) return false;
  if (UNSPACED.test(phrase)) return [...phrase].length >= 2 ? text.includes(phrase) : text === phrase;
  return phrasePattern([phrase]).test(text);
}

const escapePhrase = (phrase: string) =>
  phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

/** One pattern that finds any of the phrases as whole words (build it once for a fixed list). */
export function phrasePattern(phrases: readonly string[]): RegExp {
  const alternatives = [...phrases].sort((a, b) => b.length - a.length).map(escapePhrase);
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}\\p{M}])`, 'u');
}

/** Whether the phrase is written in a script without spaces between words. */
export const isUnspaced = (phrase: string): boolean => UNSPACED.test(phrase);
