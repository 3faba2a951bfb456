import type { ReviewGroup, UncertainClaim } from '@altwise/shared';
import { Button } from '@/components/button';
import { CLAIM_KIND_NAMES, findReading, numberWord, readingsSentence } from '@/lib/readings';

/**
 * The alt text with the alt's value of a disputed claim swapped for another reading's: the word as
 * written (a count also as an English number word). Null when the alt does not say it in those words.
 */
export function withReading(altText: string, entry: UncertainClaim, value: string): string | null {
  const current = entry.readings[0]?.value;
  if (!current || current === value) return null;
  const span = findReading(altText, entry.kind, current);
  if (!span) return null;
  // A number word for a number word, and a capital where the alt had one ("Two" → "Three").
  const replacement = span.asWord ? numberWord(value) : value;
  const written = /^\p{Lu}/u.test(altText.slice(span.start, span.end)) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
  return altText.slice(0, span.start) + written + altText.slice(span.end);
}

/**
 * What several readings of the image disagree on, in words, each other value a button that accepts
 * the alt with it (one key press on the focused button); the alt as shown keeps the majority's.
 */
export function ReviewReadings({ item, onPick }: { item: ReviewGroup; onPick: (altText: string) => void }) {
  const result = item.result;
  if (!result?.samples || !result.uncertain?.length) return null;
  const samples = result.samples;
  return (
    <div data-testid="review-readings" className="mt-2 rounded border border-amber-300 p-2 text-sm dark:border-amber-700">
      <p className="font-semibold text-gray-900 dark:text-white">Readings disagree — check the image:</p>
      <ul className="mt-1 space-y-1.5">
        {result.uncertain.map((entry, index) => (
          <li key={`${entry.kind}-${index}`} className="text-gray-800 dark:text-gray-100">
            <span className="font-semibold">{CLAIM_KIND_NAMES[entry.kind]}:</span> {readingsSentence(entry, samples)}
            <span className="ml-2 inline-flex flex-wrap gap-1.5">
              {entry.readings.slice(1).map(({ value }) => {
                const altText = withReading(result.altText, entry, value);
                return altText ? (
                  <Button key={value} size="sm" variant="outline" aria-label={`Accept with ${value}: ${altText}`} onClick={() => onPick(altText)}>
                    Use {value}
                  </Button>
                ) : null;
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
