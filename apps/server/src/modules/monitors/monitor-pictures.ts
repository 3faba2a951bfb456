// A run's pictures' own check: whether each picture loads (engine probeImage: an HTTP error, an
// unreachable host, a web page or damaged bytes is `broken`; a refused, slow, huge or unreadable one
// is not known, so its markup verdict stays). Done once the crawl has stored every page: each
// distinct picture is loaded once, whatever the number of pages it is on. Only the monitored site's
// own pictures, only those robots.txt allows, through the crawl's guarded fetch and its politeness;
// a picture on another host (a CDN) is not loaded (a monitor reaches only its site). Bounded: at
// most MAX_CHECKED_PICTURES per run and PICTURES_BUDGET_MS in all; the rest keep their markup verdicts.
import { probeImage } from '@altwise/engine';
import pMap from 'p-map';
import type { MonitorPictures } from './crawl';
import type { HostLimiter } from './host-limiter';
import type { MonitorRepository } from './monitor.repository';

/** Distinct pictures loaded per run at most (most occurrences first). */
export const MAX_CHECKED_PICTURES = 1_000;
/** The checks of one run end after this long: a picture not checked by then keeps its markup verdict. */
export const PICTURES_BUDGET_MS = 120_000;

export interface PictureCheckDeps {
  repository: Pick<MonitorRepository, 'pictureUrls' | 'markBroken'>;
  limiter: Pick<HostLimiter, 'run'>;
  origin: string;
  /** robots.txt's word on a URL of the site. */
  allowed: (url: string) => boolean;
  fetch: { allow: readonly string[]; timeoutMs: number; maxBytes: number };
  stopped: () => boolean;
}

export async function checkPictures(runId: string, deps: PictureCheckDeps): Promise<MonitorPictures> {
  const urls = await deps.repository.pictureUrls(runId);
  const checkable = urls.filter((url) => url.length <= 2048 && URL.canParse(url) && new URL(url).origin === deps.origin && deps.allowed(url));
  const counts: MonitorPictures = { checked: 0, broken: 0, notChecked: urls.length - checkable.length };
  const chosen = checkable.slice(0, MAX_CHECKED_PICTURES);
  counts.notChecked += checkable.length - chosen.length;
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new Error('the run stopped checking its pictures')), PICTURES_BUDGET_MS);
  try {
    await pMap(
      chosen,
      async (url) => {
        if (budget.signal.aborted || deps.stopped()) return void (counts.notChecked += 1);
        // The host's politeness (2 at a time, the minimum gap, Crawl-delay) counts these requests too.
        const probe = await deps.limiter.run(() => probeImage(url, { ...deps.fetch, signal: budget.signal }));
        // Cut short by the budget: not known, so not broken.
        if (budget.signal.aborted) return void (counts.notChecked += 1);
        counts.checked += 1;
        if (probe.state !== 'broken') return;
        counts.broken += 1;
        await deps.repository.markBroken(runId, url);
      },
      { concurrency: 2 },
    );
  } finally {
    clearTimeout(timer);
  }
  return counts;
}
