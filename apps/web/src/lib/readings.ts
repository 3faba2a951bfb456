import type { UncertainClaim } from '@altwise/shared';

// The sentence and the kind names are shared with the GitHub Action.
export { CLAIM_KIND_NAMES, readingsSentence } from '@altwise/shared';

const ENGLISH_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A count's value as an English number word ("3" → "three"), or the value itself. */
export const numberWord = (value: string) => ENGLISH_NUMBERS[Number(value)] ?? value;

/**
 * Where the alt text says `value` of a disputed claim: the word as written (a count also as an
 * English number word), case-insensitive, never inside a longer word. Null when it does not.
 */
export function findReading(altText: string, kind: UncertainClaim['kind'], value: string): { start: number; end: number; asWord: boolean } | null {
  const forms = [value];
  if (kind === 'count' && ENGLISH_NUMBERS[Number(value)]) forms.push(ENGLISH_NUMBERS[Number(value)]!);
  for (const form of forms) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(form)}(?![\\p{L}\\p{N}])`, 'iu').exec(altText);
    if (match) return { start: match.index, end: match.index + match[0].length, asWord: form !== value };
  }
  return null;
}
