/**
 * Runs `work` over every item with at most `concurrency` in flight and returns the results in
 * input order. `work` must not throw for an item it wants reported (the batch maps failures to
 * error items itself); an unexpected throw still rejects the whole run, as a bug should.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // Each runner takes the next index synchronously, so no item is taken twice.
  async function runner(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  }
  const runners = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, () => runner());
  await Promise.all(runners);
  return results;
}
