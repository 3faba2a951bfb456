/**
 * At most `perWindow` task starts in any `windowMs` (a sliding window); the rest wait in arrival
 * order. Used for MODEL_RPM on one instance: a provider's requests-per-minute limit is never
 * passed by this process, so bursts wait here instead of failing there with 429s.
 */
export function createStartRateLimit(perWindow: number, windowMs = 60_000, now: () => number = Date.now) {
  if (!Number.isInteger(perWindow) || perWindow < 1) throw new Error(`start rate limit: perWindow must be a positive integer, got ${perWindow}`);
  // Start times of the last window, oldest first.
  const starts: number[] = [];
  const waiting: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;

  function admitWaiting(): void {
    const at = now();
    while (starts.length > 0 && starts[0]! <= at - windowMs) starts.shift();
    while (waiting.length > 0 && starts.length < perWindow) {
      starts.push(at);
      waiting.shift()!();
    }
    if (waiting.length > 0 && timer === undefined) {
      // The oldest start leaves the window then, making room for the next waiter.
      timer = setTimeout(
        () => {
          timer = undefined;
          admitWaiting();
        },
        Math.max(1, starts[0]! + windowMs - at),
      );
    }
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        admitWaiting();
      });
      return task();
    },
    get queued() {
      return waiting.length;
    },
  };
}
