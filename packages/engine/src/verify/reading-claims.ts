// One reading split into what it claims: counts, colours, the text it quotes, and its content
// words (objects, actions, setting) for the word-by-word comparison. Deterministic: plain string
// rules over the reading, no model.
import type { Colour, LanguageTerms } from './language-terms';
import { synonymOf } from './synonyms';

export interface Reading {
  readonly altText: string;
  /** The text the reading says is in the image (the model's textInImage), when it gave one. */
  readonly textInImage?: string;
}

export type TokenType = 'word' | 'number' | 'article' | 'colour' | 'function' | 'quote';

export interface Token {
  readonly surface: string;
  /** Compared form: a stem for words, the value for numbers ("2"), the colour for colours ("red"). */
  readonly norm: string;
  readonly type: TokenType;
  /** The function words just before it ("in a" before "park"). */
  readonly before: readonly string[];
  /** Stands where a noun does: first, or after an article, a function word, a number or a colour (not after a word). */
  readonly nounPlace: boolean;
}

export interface ValueClaim {
  readonly kind: 'count' | 'colour';
  /** What the value is about: the noun's stem, "#0" for the first count by order, "" for none. */
  readonly key: string;
  readonly value: string;
  /** The value as this language writes it ("2", "rot"). */
  readonly display: string;
  /** The reading's own words for the claim ("two dogs", "rotes Auto"). */
  readonly text: string;
  /** An article read as "one": it counts only against an explicit number. */
  readonly weak: boolean;
}

export interface ReadingClaims {
  readonly tokens: readonly Token[];
  readonly values: readonly ValueClaim[];
  /** The text in the image as this reading gives it, normalised; undefined when it gives none. */
  readonly text?: { readonly value: string; readonly display: string };
}

const QUOTED = /"([^"]+)"|“([^”]+)”|„([^“”]+)[“”]|«\s*([^»]+?)\s*»|「([^」]+)」|『([^』]+)』/gu;
const QUOTE_MARK = '\uE000';

/** Arabic-Indic, Persian and Devanagari digits as ASCII (NFKC folds the full-width ones). */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u0966-\u096F]/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = code >= 0x0966 ? 0x0966 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - zero);
  });
}

/** Text compared as text: case, width, spacing and punctuation do not count; words and digits do. */
export function normaliseText(text: string): string {
  return asciiDigits(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

function quotedParts(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) => match.slice(1).find((part) => part !== undefined)!.trim());
}

const KANJI_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "二十三" → 23, "十二" → 12, "三" → 3. */
function kanjiNumber(text: string): number {
  const [tens, units] = text.includes('十') ? text.split('十') : ['', text];
  const ten = text.includes('十') ? (tens ? (KANJI_DIGITS[tens] ?? 1) : 1) * 10 : 0;
  return ten + (units ? (KANJI_DIGITS[units] ?? 0) : 0);
}

function tokensOf(text: string, terms: LanguageTerms): Token[] {
  const tokens: Token[] = [];
  let before: string[] = [];
  for (const match of text.matchAll(/[0-9]+|[\p{L}\p{M}]+|\uE000/gu)) {
    const surface = match[0];
    const lower = surface.toLowerCase();
    let type: TokenType;
    let norm = lower;
    const number = terms.numbers.get(lower);
    const colour = terms.colourOf(lower);
    if (surface === QUOTE_MARK) type = 'quote';
    else if (/^[0-9]+$/.test(surface)) [type, norm] = ['number', String(Number(surface))];
    else if (number !== undefined) [type, norm] = ['number', String(number)];
    else if (colour) [type, norm] = ['colour', colour];
    else if (terms.articles.has(lower)) [type, norm] = ['article', '1'];
    else if (terms.functionWords.has(lower)) type = 'function';
    else [type, norm] = ['word', synonymOf(terms, terms.stem(lower))];
    const previous = tokens.at(-1)?.type;
    tokens.push({ surface, norm, type, before, nounPlace: previous !== 'word' });
    before = type === 'function' || type === 'article' ? [...before, lower] : [];
  }
  return tokens;
}

/** The noun a number or colour is about: the next word (or the previous one), skipping colours. */
function nounNear(tokens: readonly Token[], index: number, forward: boolean): Token | undefined {
  const step = forward ? 1 : -1;
  for (let at = index + step, seen = 0; at >= 0 && at < tokens.length && seen < 3; at += step) {
    const token = tokens[at]!;
    if (token.type === 'word') return token;
    if (token.type === 'number' || token.type === 'quote') return undefined;
    if (token.type === 'colour' || token.type === 'function' || token.type === 'article') seen += 1;
  }
  return undefined;
}

function spacedValues(tokens: readonly Token[], terms: LanguageTerms): ValueClaim[] {
  const values: ValueClaim[] = [];
  let order = 0;
  tokens.forEach((token, index) => {
    if (token.type === 'number' || token.type === 'article') {
      const weak = token.type === 'article';
      if (terms.countsByOrder) {
        // The noun is not beside the number (Arabic duals, Korean "개 두 마리"): counts go by order.
        if (weak || (terms.counters && !terms.counters.test(tokens[index + 1]?.surface ?? ''))) return;
        values.push({ kind: 'count', key: `#${order++}`, value: token.norm, display: token.norm, text: [token.surface, tokens[index + 1]?.surface].filter(Boolean).join(' '), weak });
        return;
      }
      const noun = nounNear(tokens, index, true);
      if (!noun) return;
      values.push({ kind: 'count', key: noun.norm, value: token.norm, display: token.norm, text: `${token.surface} ${noun.surface}`, weak });
    } else if (token.type === 'colour') {
      const noun = nounNear(tokens, index, terms.nounAfterColour) ?? nounNear(tokens, index, !terms.nounAfterColour);
      const colour = token.norm as Colour;
      const text = noun ? (tokens.indexOf(noun) > index ? `${token.surface} ${noun.surface}` : `${noun.surface} ${token.surface}`) : token.surface;
      values.push({ kind: 'colour', key: noun?.norm ?? '', value: colour, display: terms.colourNames[colour], text, weak: false });
    }
  });
  return values;
}

/** Japanese and Chinese: numbers before a counter, and colour characters, in the running text. */
function unspacedValues(text: string, terms: LanguageTerms): ValueClaim[] {
  const values: ValueClaim[] = [];
  let order = 0;
  const counted = new RegExp(`([0-9]+|[一二两兩三四五六七八九十]+|ひとつ|ふたつ|みっつ|よっつ)(?=${terms.counters!.source.slice(1)})`, 'gu');
  for (const match of text.matchAll(counted)) {
    const written = match[1]!;
    const value = /^[0-9]+$/.test(written) ? Number(written) : (terms.numbers.get(written) ?? kanjiNumber(written));
    values.push({ kind: 'count', key: `#${order++}`, value: String(value), display: String(value), text: text.slice(match.index, match.index + written.length + 1), weak: false });
  }
  for (let at = 0; at < text.length; at += 1) {
    const colour = terms.colourOf(text.slice(at));
    if (!colour) continue;
    values.push({ kind: 'colour', key: '', value: colour, display: terms.colourNames[colour], text: text.slice(at, at + 3), weak: false });
  }
  return values;
}

export function claimsOf(reading: Reading, terms: LanguageTerms): ReadingClaims {
  const alt = asciiDigits(reading.altText.normalize('NFKC'));
  const quoted = quotedParts(alt);
  // Quoted text is the image's text, compared as text: its words and numbers are not the scene's.
  const scene = alt.replace(QUOTED, ` ${QUOTE_MARK} `);
  const given = reading.textInImage?.trim() ? reading.textInImage.trim() : quoted.join(' / ');
  const text = given ? { value: normaliseText(given), display: given } : undefined;
  if (terms.unspaced) return { tokens: [], values: unspacedValues(scene, terms), text };
  const tokens = tokensOf(scene, terms);
  return { tokens, values: spacedValues(tokens, terms), text };
}
