/**
 * The image JSON body parser (apps/server/src/platform/image-json-body.ts) against the ordinary
 * path it replaces, side by side on one realistic body: a client posting a 1024x768 JPEG as base64
 * `imageData` with its options (what the SDK and the web app send for a pasted image).
 * Run by bench/run.ts, or alone: node --import tsx bench/image-json-body.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { decodeBase64Image } from '../apps/server/src/platform/base64-image';
import { parseImageJsonBody } from '../apps/server/src/platform/image-json-body';
import { parseJsonBody } from '../apps/server/src/platform/json-body-parser';
import { photoJpeg } from './support/fixtures';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const ROUNDS = 400;

/** Body bytes → image bytes the way Fastify's parser and the route would without the fast path. */
function ordinaryPath(body: Buffer): Buffer {
  const value = parseJsonBody(body.toString('utf8')) as { imageData: string };
  return decodeBase64Image(value.imageData);
}

function fastPath(body: Buffer): Buffer {
  const parsed = parseImageJsonBody(body);
  if (!parsed.imageData) throw new Error('image JSON bench: the fast path did not take the body');
  return parsed.imageData;
}

/** Microseconds per body (median), the two paths interleaved so both see the same machine load. */
export async function benchImageJsonBody(): Promise<BenchRow[]> {
  const photo = await photoJpeg(1024, 768, 3);
  const body = Buffer.from(JSON.stringify({ imageData: photo.toString('base64'), language: 'en', maxLength: 125, context: 'Product page' }));
  if (!fastPath(body).equals(photo) || !ordinaryPath(body).equals(photo)) throw new Error('image JSON bench: the paths disagree');
  const times = { fast: [] as number[], ordinary: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, parse] of [['fast', fastPath], ['ordinary', ordinaryPath]] as const) {
      const started = performance.now();
      parse(body);
      times[name].push((performance.now() - started) * 1000);
    }
  }
  const fast = percentile(times.fast, 50);
  const ordinary = percentile(times.ordinary, 50);
  return [
    {
      name: `base64 JSON body of a ${Math.round(photo.length / 1024)} KB JPEG → image bytes: image JSON parser vs JSON.parse + decode (p50 of ${ROUNDS})`,
      measured: Number(fast.toFixed(1)),
      baseline: Number(ordinary.toFixed(1)),
      ratio: Number((fast / ordinary).toFixed(3)),
      target: '≤ 0.50',
      pass: fast / ordinary <= 0.5,
      unit: 'µs',
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await benchImageJsonBody()) console.log(JSON.stringify(row));
}
