// epub fill sends at most --concurrency descriptions at once (p-map, as fill does), and every picture
// is asked for: counted against a client that answers only when the test lets it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { epub3 } from '@altwise/test-support/epub-books';
import { epubFill } from '../src/epub/epub-fill';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-epub-pool-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A client whose answers wait for `answerOne`; it counts the calls in flight. */
function heldClient() {
  const waiting: Array<() => void> = [];
  let inFlight = 0;
  let most = 0;
  let calls = 0;
  const client = {
    describe: async () => {
      calls += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return { altText: `A harbour, view ${calls}`, isDecorative: false, verification: 'model' };
    },
  };
  return {
    client: client as unknown as Altwise,
    waiting: () => waiting.length,
    answerOne: () => waiting.shift()?.(),
    most: () => most,
    calls: () => calls,
  };
}

describe('altwise epub fill --concurrency', () => {
  for (const concurrency of [1, 2]) {
    it(`has at most ${concurrency} description(s) in flight and asks for every picture`, async () => {
      const input = path.join(dir, `book-${concurrency}.epub`);
      const output = path.join(dir, `book-${concurrency}.accessible.epub`);
      fs.writeFileSync(input, await epub3());
      const held = heldClient();
      const filled = epubFill(held.client, { input, output, overwritePoor: false, allowDrafts: false, concurrency }, { err: () => undefined });
      let finished = false;
      void filled.finally(() => (finished = true));
      // Answer one call at a time, once as many as may be in flight have been asked (or none is left).
      while (!finished) {
        await new Promise((resolve) => setImmediate(resolve));
        if (held.waiting() > 0) held.answerOne();
      }
      const report = await filled;
      expect(held.most()).toBe(concurrency);
      expect(report.counts.described).toBe(held.calls());
      expect(held.calls()).toBeGreaterThan(concurrency);
    });
  }
});
