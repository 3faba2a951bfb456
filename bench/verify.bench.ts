/**
 * Verified alt text (issue 36), run by bench/run.ts (or alone: node --import tsx bench/verify.bench.ts):
 * 1. precision and recall of `uncertain` on the scripted reading-sets of bench/fixtures/verify-reading-sets.json;
 * 2. latency of a 3-reading verify against a single reading, the engine against the fake vision
 *    server answering after 300 ms (the readings run in parallel, so the ratio should stay near 1).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createAltTextEngine } from '@altwise/engine';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { photoJpeg } from './support/fixtures';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';
import { evaluateUncertain } from './support/verify-eval';

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function benchVerifyUncertain(): BenchRow[] {
  const score = evaluateUncertain();
  const about = `${score.sets} reading-sets, ${score.expected} disagreements flagged by hand, ${score.flagged} flagged`;
  return [
    { name: `verify: precision of uncertain (${about})`, measured: round(score.precision), target: '≥ 0.95', pass: score.precision >= 0.95, unit: '' },
    { name: `verify: recall of uncertain (${about})`, measured: round(score.recall), target: '≥ 0.95', pass: score.recall >= 0.95, unit: '' },
  ];
}

export async function benchVerifyLatency(): Promise<BenchRow[]> {
  const ROUNDS = 15;
  const WARMUP = 2;
  const vision = await startFakeVisionServer({ latencyMs: 300 });
  vision.setReply((request) => ({ altText: request.body.seed === 2 ? 'Three red apples on a table.' : 'Two red apples on a table.' }));
  const engine = createAltTextEngine({ provider: { provider: 'openai-compatible', openaiBaseUrl: vision.url, model: 'bench' }, ocr: false });
  try {
    const single: number[] = [];
    const verified: number[] = [];
    for (let index = 0; index < WARMUP + ROUNDS; index += 1) {
      const photo = await photoJpeg(1200, 900, 4000 + index);
      let started = performance.now();
      await engine.describe({ bytes: photo }, {});
      const singleMs = performance.now() - started;
      started = performance.now();
      const result = await engine.describe({ bytes: photo }, { samples: 3 });
      const verifiedMs = performance.now() - started;
      if (result.samples !== 3 || result.uncertain?.length !== 1) throw new Error('verify bench: the readings were not compared');
      if (index >= WARMUP) {
        single.push(singleMs);
        verified.push(verifiedMs);
      }
    }
    const measured = percentile(verified, 50);
    const baseline = percentile(single, 50);
    const ratio = measured / baseline;
    return [
      {
        name: `verify: 3 readings vs 1, p50 (engine, fake model 300 ms, 1200x900 JPEG, ${ROUNDS} sequential each)`,
        measured: round(measured, 0),
        baseline: round(baseline, 0),
        ratio: round(ratio),
        target: 'ratio ≤ 1.3',
        pass: ratio <= 1.3,
        unit: 'ms',
      },
    ];
  } finally {
    await vision.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = [...benchVerifyUncertain(), ...(await benchVerifyLatency())];
  for (const row of rows) console.log(row);
}
