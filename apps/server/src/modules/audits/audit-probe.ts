// A 404 or damaged picture is no "OK" image, whatever its alt text: each distinct picture of the
// page is fetched once (through the same SSRF guard as every image fetch) and, when it certainly
// does not load, the image's verdict is "broken".
import type { AltTextIssue, AuditImage } from '@altwise/shared';
import { probeImage } from '@altwise/engine';
import type { ImageProbe } from '@altwise/engine';
import type { ConcurrencyLimit } from '../../platform/concurrency-limit';
import pMap from 'p-map';

/**
 * At most this many distinct pictures are fetched per audit (first in page order); the rest keep
 * the verdict their markup earns. A page of 2,000 thumbnails would otherwise cost 2,000 fetches.
 */
export const MAX_PROBED_PICTURES = 100;

/**
 * The checks of one audit end after this long: a picture still loading then keeps the verdict its
 * markup earns (a slow host is not a broken one), and the audit is not held by it.
 */
export const PROBE_BUDGET_MS = 5000;

export interface ProbeOptions {
  allow: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  concurrency: number;
  /** Fetches at once across every audit of this instance (ten audits at once do not make 10× the fetches). */
  shared: ConcurrencyLimit;
}

export const brokenIssue = (reason: string): AltTextIssue => ({
  id: 'broken-image',
  severity: 'error',
  message: `The picture did not load, so nobody sees it: ${reason}`,
});

const probeable = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url) && url.length <= 2048;

/** Marks the images whose picture does not load as `broken` (their alt issues kept after the reason). */
export async function markBroken(images: AuditImage[], options: ProbeOptions): Promise<void> {
  const urls = [...new Set(images.map((image) => image.imageUrl).filter(probeable))].slice(0, MAX_PROBED_PICTURES);
  const results = new Map<string, ImageProbe>();
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new Error('the audit stopped checking its pictures')), PROBE_BUDGET_MS);
  try {
    await pMap(urls, async (url) => {
      if (budget.signal.aborted) return;
      const probe = await options.shared.run(() =>
        budget.signal.aborted ? Promise.resolve(null) : probeImage(url, { allow: options.allow, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, signal: budget.signal }),
      );
      // Cut short by the budget: not known, so not broken.
      if (probe && !budget.signal.aborted) results.set(url, probe);
    }, { concurrency: options.concurrency });
  } finally {
    clearTimeout(timer);
  }
  for (const image of images) {
    const probe = image.imageUrl ? results.get(image.imageUrl) : undefined;
    if (probe?.state !== 'broken') continue;
    image.verdict = 'broken';
    image.issues = [brokenIssue(probe.reason), ...image.issues];
  }
}
