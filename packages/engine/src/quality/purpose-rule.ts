import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import type { Lexicon } from './languages';
import { containsPhrase, isUnspaced, phrasePattern, plain, sameKey, wordKey, wordsOf } from './text-forms';

/**
 * Purpose first (WCAG G94, F89, H30): when an image is the only content of a link or a button,
 * its alt text is the link's or button's name, so it must say where the link goes or what the
 * button does. "Blue arrow icon" describes the picture and names nothing. The judgement is by
 * shared words: the alt names the purpose when it shares a meaningful word with the link's label
 * or its address, or names a known action or destination ("Search", "Suche", "검색", "Home").
 */

// Parts of an address that say nothing about where it leads.
const ADDRESS_NOISE = new Set(
  'www|m|http|https|com|org|net|gov|edu|ac|co|io|html|htm|php|asp|aspx|jsp|cgi|index|default|en|us|uk|page|pages|id|amp|utm|ref|source|medium|campaign|src|static|assets|img|images|cdn'.split(
    '|',
  ),
);

const RELATIVE_BASE = 'https://relative.invalid/';

/** The words of an address: its host's name (not "www" or the top-level domain), path, query and fragment. */
export function addressWords(href: string): string[] {
  let url: URL;
  try {
    url = new URL(href, RELATIVE_BASE);
  } catch {
    return [];
  }
  const parts: string[] = [];
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') {
    parts.push(url.pathname);
  } else {
    if (url.href.startsWith(RELATIVE_BASE) === false)
      parts.push(url.hostname.split('.').slice(0, -1).join(' '));
    parts.push(url.pathname);
    url.searchParams.forEach((value) => parts.push(value));
    parts.push(url.hash);
  }
  return parts
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .flatMap((part) => part.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').split(/[^\p{L}\p{N}\p{M}]+/u))
    .map((word) => word.toLowerCase())
    .filter((word) => word && !ADDRESS_NOISE.has(word) && !/^\p{N}+$/u.test(word));
}

interface ActionLists {
  readonly stopWords: ReadonlySet<string>;
  /** Single words, reduced by wordKey, compared word by word. */
  readonly wordKeys: readonly string[];
  /** Phrases of several words, found with one pattern. */
  readonly phrases: RegExp;
  /** Actions in scripts without spaces, found as substrings. */
  readonly unspaced: readonly string[];
}
const actionLists = new WeakMap<readonly Lexicon[], ActionLists>();
/** The lists for a set of languages, prepared once (a check runs on every result). */
function listsFor(lexicons: readonly Lexicon[]): ActionLists {
  let found = actionLists.get(lexicons);
  if (!found) {
    const actions = [...new Set(lexicons.flatMap((lexicon) => lexicon.actions))];
    found = {
      stopWords: new Set(lexicons.flatMap((lexicon) => lexicon.stopWords)),
      wordKeys: actions.filter((action) => !/\s/.test(action) && !isUnspaced(action)).map(wordKey),
      phrases: phrasePattern(actions.filter((action) => /\s/.test(action) && !isUnspaced(action))),
      unspaced: actions.filter(isUnspaced),
    };
    actionLists.set(lexicons, found);
  }
  return found;
}

/** Whether the alt text names the purpose: a shared meaningful word, or a known action. */
export function namesPurpose(
  altText: string,
  purpose: ImagePurpose,
  lexicons: readonly Lexicon[],
  language?: string,
): boolean {
  const lists = listsFor(lexicons);
  const meaningful = (words: readonly string[]) => words.filter((word) => !lists.stopWords.has(word));
  const altPlain = plain(altText);
  const altWords = meaningful(wordsOf(altText, language));
  const altKeys = altWords.map(wordKey);

  const namesAction =
    altKeys.some((key) => lists.wordKeys.some((action) => sameKey(key, action))) ||
    lists.phrases.test(altPlain) ||
    lists.unspaced.some((action) => containsPhrase(altPlain, action));
  if (namesAction) return true;

  const target = meaningful([
    ...(purpose.label ? wordsOf(purpose.label, language) : []),
    ...(purpose.href ? addressWords(purpose.href) : []),
  ]);
  return target.some(
    (word) => altKeys.some((key) => sameKey(key, wordKey(word))) || containsPhrase(altPlain, word),
  );
}

const where = (purpose: ImagePurpose) => (purpose.href ? ` (to ${purpose.href.slice(0, 80)})` : '');

/**
 * The purpose rule. Empty alt on a link-only image is an error even when marked decorative: the
 * link would have no name at all (F89). A text that is already not an alternative (F30) is
 * reported by that rule alone.
 */
export function purposeNotNamed(input: {
  readonly trimmed: string;
  readonly isDecorative: boolean;
  readonly purpose?: ImagePurpose;
  readonly lexicons: readonly Lexicon[];
  readonly language?: string;
}): AltTextIssue | undefined {
  const { trimmed, purpose } = input;
  if (!purpose) return undefined;
  const thing = purpose.kind === 'link' ? 'link' : 'button';
  if (trimmed === '') {
    return input.isDecorative
      ? {
          id: 'purpose-not-named',
          severity: 'error',
          message: `The image is the only content of a ${thing}${where(purpose)}, so it cannot be decorative: its alt text is the ${thing}'s name (WCAG F89, G94)`,
        }
      : undefined;
  }
  if (namesPurpose(trimmed, purpose, input.lexicons, input.language)) return undefined;
  return {
    id: 'purpose-not-named',
    severity: 'error',
    message:
      purpose.kind === 'link'
        ? `The image is the only content of a link${where(purpose)}: its alt text should say where the link goes, not only what the image looks like (WCAG F89, G94, H30)`
        : 'The image is the only content of a button: its alt text should say what the button does, not only what the image looks like (WCAG G94, H36)',
  };
}
