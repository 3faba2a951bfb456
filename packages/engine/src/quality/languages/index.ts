import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { hi } from './hi';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import type { Lexicon } from './lexicon';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { tr } from './tr';
import { zh } from './zh';

export type { Lexicon } from './lexicon';

/** Every language the checker has word lists for, English first. */
export const LEXICONS: readonly Lexicon[] = [en, fr, de, es, it, pt, nl, pl, tr, ko, ja, zh, ru, ar, hi];

const BY_TAG = new Map(LEXICONS.map((lexicon) => [lexicon.tag, lexicon]));

/** The primary subtag of a BCP-47 tag: "pt-BR" → "pt", "zh-Hant-TW" → "zh". */
export const primaryLanguage = (language: string | undefined): string | undefined =>
  language?.trim().toLowerCase().split(/[-_]/)[0] || undefined;

/**
 * The lists to check a text with. A known language gets its own lists plus English (CMSs, design
 * tools and developers leave English defaults in pages of every language: "Untitled", "alt text
 * here"). No language, or one without lists, gets them all: every list is written to stay quiet on
 * good text in any language.
 */
export function lexiconsFor(language: string | undefined): readonly Lexicon[] {
  const own = BY_TAG.get(primaryLanguage(language) ?? '');
  if (!own) return LEXICONS;
  return WITH_ENGLISH.get(own) ?? LEXICONS;
}
// One array per language, so the patterns built from a set of lists are built once (see the rules).
const WITH_ENGLISH = new Map<Lexicon, readonly Lexicon[]>(
  LEXICONS.map((lexicon) => [lexicon, lexicon === en ? [en] : [lexicon, en]]),
);
