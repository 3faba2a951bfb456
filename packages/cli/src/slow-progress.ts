// Progress on stderr for work that may take a while, shown only once it has taken over a second: a
// quick command stays quiet, a slow one (six images through a vision model) says what it is doing
// instead of printing nothing for seconds. stdout keeps the command's output alone.

export interface Timer {
  cancel(): void;
}

/** Calls `fire` once after `ms`; injected in tests, which decide when "a second" has passed. */
export type Schedule = (ms: number, fire: () => void) => Timer;

export const SLOW_AFTER_MS = 1000;

export const realSchedule: Schedule = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  timer.unref(); // never the reason the process stays alive
  return { cancel: () => clearTimeout(timer) };
};

/**
 * `step(line)` records what is being done now; nothing is written until the work has run for
 * SLOW_AFTER_MS, then the current step is written and every later step as it starts. `finish()`
 * ends it (a run that finished within the second wrote nothing).
 */
export function slowProgress(err: (line: string) => void, schedule: Schedule = realSchedule) {
  let current: string | undefined;
  let shown = false;
  const timer = schedule(SLOW_AFTER_MS, () => {
    shown = true;
    if (current !== undefined) err(current);
  });
  return {
    step(line: string) {
      current = line;
      if (shown) err(line);
    },
    finish() {
      timer.cancel();
    },
  };
}
