import type { UncertainClaim } from '@altwise/shared';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { findReading } from '@/lib/readings';

/** Where the alt text says the value of each disputed claim, in the order they appear in it. */
function disputedSpans(altText: string, uncertain: readonly UncertainClaim[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const entry of uncertain) {
    // The alt says the majority's value (the chosen reading never carries a minority claim).
    const value = entry.readings[0]?.value;
    const span = value ? findReading(altText, entry.kind, value) : null;
    if (!span || spans.some((other) => span.start < other.end && span.end > other.start)) continue;
    spans.push({ start: span.start, end: span.end });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The alt text with each word the readings disagree on marked: a <mark> and the words "(readings
 * disagree)" after it, so the highlight is text, not colour alone. On Generate and the review card.
 */
export function HighlightedAltText({ altText, uncertain }: { altText: string; uncertain?: readonly UncertainClaim[] }) {
  const spans = uncertain?.length ? disputedSpans(altText, uncertain) : [];
  if (spans.length === 0) return <>{altText}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  spans.forEach((span, index) => {
    parts.push(<Fragment key={`t${index}`}>{altText.slice(at, span.start)}</Fragment>);
    parts.push(
      <mark key={`m${index}`} className="rounded bg-amber-100 px-0.5 text-amber-950 underline decoration-dotted decoration-2 underline-offset-2 dark:bg-amber-900/60 dark:text-amber-50">
        {altText.slice(span.start, span.end)}
        <span className="text-xs font-semibold"> (readings disagree)</span>
      </mark>,
    );
    at = span.end;
  });
  parts.push(<Fragment key="end">{altText.slice(at)}</Fragment>);
  return <>{parts}</>;
}
