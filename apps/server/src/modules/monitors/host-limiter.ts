// Per-host politeness of a site crawl: at most `concurrency` requests in flight, request starts at
// least `minGapMs` apart, and a pause when the host asks for one (429/503 with Retry-After). Real
// time on purpose: it paces the requests another server sees, whatever clock the app runs on.

export interface HostLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** No request starts for `ms` from now (the host's Retry-After). */
  pause(ms: number): void;
  /** Raises the gap (robots.txt's Crawl-delay). */
  setMinGap(ms: number): void;
}

export function createHostLimiter({ concurrency, minGapMs }: { concurrency: number; minGapMs: number }): HostLimiter {
  let gap = minGapMs;
  let active = 0;
  let nextStart = 0;
  const waiting: Array<() => void> = [];
  let timer: NodeJS.Timeout | null = null;

  function pump(): void {
    if (timer || waiting.length === 0 || active >= concurrency) return;
    const wait = nextStart - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    active += 1;
    nextStart = Date.now() + gap;
    waiting.shift()!();
    pump();
  }

  return {
    async run(task) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        pump();
      });
      try {
        return await task();
      } finally {
        active -= 1;
        pump();
      }
    },
    pause(ms) {
      nextStart = Math.max(nextStart, Date.now() + ms);
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      pump();
    },
    setMinGap(ms) {
      gap = Math.max(gap, ms);
    },
  };
}

/** Retry-After as seconds or an HTTP date, in milliseconds, kept within [1 s, `maxMs`]; absent: `fallbackMs`. */
export function retryAfterMs(header: string | undefined, now: number, fallbackMs: number, maxMs: number): number {
  if (!header) return fallbackMs;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return fallbackMs;
  return Math.min(maxMs, Math.max(1000, ms));
}
