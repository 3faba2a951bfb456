// The checker's placeholder word lists as plain data, for code that cannot run the engine: the
// WordPress plugin (PHP) reads a JSON copy (integrations/wordpress/altwise/includes/placeholder-words.json,
// written by `npm run wordpress:words`; scripts/test/wordpress-word-lists.test.ts fails when the copy
// differs). Only lists travel, never patterns: a JavaScript regular expression is not a PCRE one.
import { LEXICONS } from './languages';
import { IMAGE_EXTENSION, PLACEHOLDERS } from './quality-rules';

export interface PlaceholderWordLists {
  readonly about: string;
  /** Texts that are placeholders alone, or with a number ("Foto 3"), in every language the checker knows. */
  readonly words: readonly string[];
  /** Articles that may open a placeholder ("an image", "ein Bild", "l'image"). */
  readonly articles: readonly string[];
  /** File extensions of images: an alt ending in one is a file name. */
  readonly imageExtensions: readonly string[];
}

const sorted = (entries: Iterable<string>) => [...new Set(entries)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function placeholderWordLists(): PlaceholderWordLists {
  return {
    about:
      'Generated from the Altwise engine (packages/engine/src/quality) by `npm run wordpress:words`: do not edit. Lower case, quotes straight.',
    words: sorted([...PLACEHOLDERS, ...LEXICONS.flatMap((lexicon) => [...lexicon.imageWords, ...lexicon.placeholders])]),
    articles: sorted(LEXICONS.flatMap((lexicon) => lexicon.articles)),
    imageExtensions: IMAGE_EXTENSION.split('|'),
  };
}
