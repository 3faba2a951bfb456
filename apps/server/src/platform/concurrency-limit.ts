/**
 * At most `limit` tasks at once; the rest wait in arrival order (a FIFO semaphore). Used for model
 * calls (MODEL_CONCURRENCY), shared by single requests, batches and jobs of one instance.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      // The slot is handed over by release(): `running` stays counted for the waiter.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
