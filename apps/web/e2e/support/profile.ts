import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

// E2E_PROFILE=/tmp/e2e-profile.jsonl: each timed step (server start, browser launch, sign-in, axe
// scan, ...) appends one JSON line { file, step, ms }, to see where a suite's time goes. Off by
// default; nothing asserts on these times.
const PROFILE_FILE = process.env.E2E_PROFILE;

export async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_FILE) return run();
  const start = performance.now();
  try {
    return await run();
  } finally {
    const file = path.basename(expect.getState().testPath ?? 'unknown');
    appendFileSync(PROFILE_FILE, `${JSON.stringify({ file, step, ms: Math.round(performance.now() - start) })}\n`);
  }
}
