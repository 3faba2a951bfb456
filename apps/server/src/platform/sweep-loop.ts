/**
 * A background sweep of an outbox (mail, webhook deliveries): `sweepOnce` every `everyMs` and on
 * `wake`, one at a time in this process. A wake-up during a sweep runs another right after it, and
 * a sweep that says more is due (a full batch) runs again at once.
 */
export function createSweepLoop(deps: {
  everyMs: number;
  /** True when more may be due now (it took a full batch). */
  sweepOnce: () => Promise<boolean>;
  /** A failed sweep is reported and tried again at the next tick. */
  onError: (error: unknown) => void;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;

  function sweep(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await deps.sweepOnce()));
        } catch (error) {
          deps.onError(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    /** Sweeps now instead of at the next tick (a no-op once stopped, or before start). */
    wake: sweep,
    start(): void {
      stopped = false;
      timer = setInterval(sweep, deps.everyMs).unref();
      sweep();
    },
    /** No new sweep; the one under way finishes. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type SweepLoop = ReturnType<typeof createSweepLoop>;
