import type { UncertainClaim, VerifiedClaim } from '@altwise/shared';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { DescribedImage } from '../result-entry';
import { CLAIM_KIND_NAMES, readingsSentence } from '@/lib/readings';

/** The chosen alt's words that only some readings back, in the order they appear in it. */
function doubtfulSpans(altText: string, claims: readonly VerifiedClaim[], uncertain: readonly UncertainClaim[]): Array<{ start: number; end: number }> {
  const kinds = new Set(uncertain.map((entry) => entry.kind));
  const lower = altText.toLowerCase();
  const spans: Array<{ start: number; end: number }> = [];
  for (const claim of claims) {
    if (claim.support >= claim.of || !kinds.has(claim.kind)) continue;
    const start = lower.indexOf(claim.text.toLowerCase());
    if (start < 0 || spans.some((span) => start < span.end && start + claim.text.length > span.start)) continue;
    spans.push({ start, end: start + claim.text.length });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The alt text with what the readings disagree on marked: a <mark> and the words "(readings
 * disagree)" after it, so the highlight is text, not colour alone.
 */
export function HighlightedAltText({ result }: { result: DescribedImage }) {
  const spans = result.uncertain?.length ? doubtfulSpans(result.altText, result.claims ?? [], result.uncertain) : [];
  if (spans.length === 0) return <>{result.altText}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  spans.forEach((span, index) => {
    parts.push(<Fragment key={`t${index}`}>{result.altText.slice(at, span.start)}</Fragment>);
    parts.push(
      <mark key={`m${index}`} className="rounded bg-amber-100 px-0.5 text-amber-950 underline decoration-dotted decoration-2 underline-offset-2 dark:bg-amber-900/60 dark:text-amber-50">
        {result.altText.slice(span.start, span.end)}
        <span className="text-xs font-semibold"> (readings disagree)</span>
      </mark>,
    );
    at = span.end;
  });
  parts.push(<Fragment key="end">{result.altText.slice(at)}</Fragment>);
  return <>{parts}</>;
}

/** What several readings of the image agreed and disagreed on, in words. */
export function ReadingsSummary({ result }: { result: DescribedImage }) {
  if (!result.samples || !result.uncertain) return null;
  const samples = result.samples;
  if (result.uncertain.length === 0) {
    return (
      <p data-testid="readings-summary" className="mt-3 text-sm text-gray-700 dark:text-gray-200">
        <span className="font-semibold">Readings:</span> all {samples} readings agree.
      </p>
    );
  }
  return (
    <div data-testid="readings-summary" className="mt-4">
      <h4 className="text-sm font-semibold text-gray-900 dark:text-white">Where the {samples} readings disagree</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800 dark:text-gray-200">
        {result.uncertain.map((entry, index) => (
          <li key={`${entry.kind}-${index}`}>
            <span className="font-semibold">{CLAIM_KIND_NAMES[entry.kind]}:</span> {readingsSentence(entry, samples)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">Check these against the image before you publish the alt text.</p>
    </div>
  );
}
