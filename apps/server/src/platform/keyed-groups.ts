/**
 * Runs work per key one group at a time, and gathers the calls that arrive meanwhile into the
 * next group. A lone call runs at once, alone; calls that queue behind a running group run
 * together, in arrival order, in one `runGroup` (one transaction instead of one each). Keys are
 * independent: a busy key never delays another.
 */
export interface KeyedGroups<T, R> {
  /** Resolves with this item's result, or rejects with the group's error. */
  submit(key: string, item: T): Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  /** performance.now() time by which the call must have its answer (with options.deadline). */
  deadlineAt: number;
  timer?: NodeJS.Timeout;
}

/**
 * Each call's wait shares one deadline, `ms` after it was submitted: a call still queued then is
 * refused with `expired()` (it never runs, so nothing is done for it), and a group runs inside
 * `run` with its earliest member's deadline, which its own waits (the database's) must keep.
 */
export interface GroupDeadline {
  ms: number;
  expired: () => Error;
  run: <X>(deadlineAt: number, work: () => Promise<X>) => Promise<X>;
}

export function createKeyedGroups<T, R>(
  /**
   * Returns one result per item, in the items' order. `answer` gives an item its result before
   * the group ends (a refusal need not wait for the others' transaction); its later entry in the
   * returned array is then ignored.
   */
  runGroup: (key: string, items: T[], answer: (index: number, result: R) => void) => Promise<R[]>,
  options: { maxGroup?: number; deadline?: GroupDeadline; now?: () => number } = {},
): KeyedGroups<T, R> {
  const maxGroup = options.maxGroup ?? 200;
  const { deadline, now = () => performance.now() } = options;
  // A key is present while a group of it runs; its array holds the calls waiting for the next one.
  const queues = new Map<string, Array<Waiting<T, R>>>();

  async function runFrom(key: string, group: Array<Waiting<T, R>>): Promise<void> {
    for (;;) {
      try {
        const entries = group;
        for (const entry of entries) clearTimeout(entry.timer);
        const run = () =>
          runGroup(
            key,
            entries.map((entry) => entry.item),
            (index, result) => entries[index]!.resolve(result),
          );
        const results = deadline ? await deadline.run(Math.min(...entries.map((entry) => entry.deadlineAt)), run) : await run();
        // A promise keeps its first resolution: items answered early are unaffected.
        entries.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
      const waiting = queues.get(key)!;
      if (waiting.length === 0) {
        queues.delete(key);
        return;
      }
      group = waiting.splice(0, maxGroup);
    }
  }

  return {
    submit(key, item) {
      return new Promise<R>((resolve, reject) => {
        const entry: Waiting<T, R> = { item, resolve, reject, deadlineAt: deadline ? now() + deadline.ms : Infinity };
        const waiting = queues.get(key);
        if (waiting) {
          waiting.push(entry);
          if (deadline) {
            entry.timer = setTimeout(() => {
              const at = waiting.indexOf(entry);
              if (at < 0) return;
              waiting.splice(at, 1);
              reject(deadline.expired());
            }, deadline.ms);
          }
          return;
        }
        queues.set(key, []);
        void runFrom(key, [entry]);
      });
    },
  };
}
