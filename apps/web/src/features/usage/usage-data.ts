import type { UsageBucket, UsageRange, UsageResponse } from '@altwise/shared';
import { countOf, formatMs, formatNumber, formatPercent } from '@/lib/format';
import { bucketLabels, bucketImages, peakIndex, weightedAverageResponseTime } from '@/lib/usage-buckets';

export const RANGE_PHRASES: Record<UsageRange, string> = {
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
};

const requests = (count: number) => countOf(count, 'request');
const tokens = (count: number) => countOf(count, 'token');

/** Said wherever tokens are shown: where the figures come from, and why a draft has none. */
export const TOKENS_NOTE =
  'Tokens are as the vision provider reported them. Answers from the cache and the offline describer (drafts) report none.';

export interface SeriesView {
  range: UsageRange;
  /** "Hour" or "Day": the table's first column. */
  categoryHeader: string;
  labels: string[];
  tableLabels: string[];
  success: number[];
  error: number[];
  throttled: number[];
  responseTimes: number[];
  /** The "tokens" series: input and output tokens per bucket, as the provider reported them. */
  inputTokens: number[];
  outputTokens: number[];
  totals: { success: number; error: number; throttled: number; all: number };
  tokenTotals: { input: number; output: number; cachedInput: number };
  tokenSummary: string;
  trendSummary: string;
  responseSummary: string;
  statusSummary: string;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const share = (part: number, all: number) => formatPercent(all === 0 ? 0 : (part / all) * 100);

/** Everything the three usage charts and their text alternatives show, from one series. */
export function seriesView(series: UsageResponse['series']): SeriesView {
  const { range, buckets } = series;
  const phrase = RANGE_PHRASES[range];
  const { short, long } = bucketLabels(range, buckets);
  const pick = (key: 'success' | 'error' | 'throttled') => buckets.map((bucket: UsageBucket) => bucket[key]);
  const success = pick('success');
  const error = pick('error');
  const throttled = pick('throttled');
  const totals = { success: sum(success), error: sum(error), throttled: sum(throttled), all: 0 };
  totals.all = totals.success + totals.error + totals.throttled;

  const busiest = peakIndex(buckets, bucketImages);
  const trendSummary =
    busiest === null
      ? `No requests in ${phrase}.`
      : `In ${phrase}: ${formatNumber(totals.success)} successful, ${formatNumber(totals.error)} failed and ` +
        `${formatNumber(totals.throttled)} throttled requests; the busiest ${range === '24h' ? 'hour' : 'day'} was ` +
        `${long[busiest]} with ${requests(bucketImages(buckets[busiest]!))}.`;

  const responseTimes = buckets.map((bucket) => Math.round(bucket.avgResponseTime));
  const slowest = peakIndex(buckets, (bucket) => (bucket.success > 0 ? bucket.avgResponseTime : 0));
  const responseSummary =
    slowest === null
      ? `No requests in ${phrase}, so no response times yet.`
      : `Average response time over ${phrase}: ${formatMs(weightedAverageResponseTime(buckets))}; ` +
        `the slowest was ${long[slowest]} at ${formatMs(responseTimes[slowest]!)}.`;

  const statusSummary =
    totals.all === 0
      ? `No requests in ${phrase}.`
      : `${requests(totals.all)} in ${phrase}: ${formatNumber(totals.success)} successful ` +
        `(${share(totals.success, totals.all)}), ${formatNumber(totals.error)} failed ` +
        `(${share(totals.error, totals.all)}) and ${formatNumber(totals.throttled)} throttled ` +
        `(${share(totals.throttled, totals.all)}).`;

  const inputTokens = buckets.map((bucket) => bucket.inputTokens);
  const outputTokens = buckets.map((bucket) => bucket.outputTokens);
  const tokenTotals = {
    input: sum(inputTokens),
    output: sum(outputTokens),
    cachedInput: sum(buckets.map((bucket) => bucket.cachedInputTokens)),
  };
  const heaviest = peakIndex(buckets, (bucket) => bucket.inputTokens + bucket.outputTokens);
  const tokenSummary =
    heaviest === null
      ? `No tokens reported in ${phrase}.`
      : `In ${phrase}: ${formatNumber(tokenTotals.input)} input` +
        (tokenTotals.cachedInput > 0 ? ` (${formatNumber(tokenTotals.cachedInput)} of them cached)` : '') +
        ` and ${formatNumber(tokenTotals.output)} output tokens; the most was ${long[heaviest]} with ` +
        `${tokens(inputTokens[heaviest]! + outputTokens[heaviest]!)}.`;

  return {
    range,
    categoryHeader: range === '24h' ? 'Hour' : 'Day',
    labels: short,
    tableLabels: long,
    success,
    error,
    throttled,
    responseTimes,
    inputTokens,
    outputTokens,
    totals,
    tokenTotals,
    tokenSummary,
    trendSummary,
    responseSummary,
    statusSummary,
  };
}

/** "3:00 PM" in the visitor's time zone, or null when the server's value is not a date. */
export function localTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}
