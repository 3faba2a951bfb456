/**
 * Generation benchmarks, run by bench/run.ts (or alone: node --import tsx bench/generation.bench.ts):
 * 1. overhead of POST /api/v1/images over calling the (fake, 300 ms) model directly;
 * 2. image cost: what the engine sends for a 12-megapixel photo versus the original;
 * 3. cached answers per second for a repeated image, 50 concurrent clients.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createAltTextEngine, createProvider, isEngineError } from '@altwise/engine';
import type { ProviderConfig } from '@altwise/engine';
import sharp from 'sharp';
import { startBareHello } from './support/bare-hello';
import { photoJpeg, startExternalImageHost } from './support/fixtures';
import { claudeImageTokens, gpt4oImageTokens } from './support/list-prices';
import { startModelBench } from './support/model-bench';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import type { TestServer } from '@altwise/server/test-support/test-server';

type Autocannon = (options: Record<string, unknown>) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** (1) Our server against calling the model directly with the very request body we sent it. */
export async function benchGenerationOverhead(): Promise<BenchRow[]> {
  const ROUNDS = 40;
  const WARMUP = 3;
  const bench = await startModelBench(300);
  const { vision, host, server } = bench;
  try {
    const { token } = await registerUser(server);
    const ours: number[] = [];
    const direct: number[] = [];
    const sizes: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      // Distinct images, so every request is a cache miss that reaches the model.
      const photo = await photoJpeg(1600, 1200, 1000 + round);
      sizes.push(photo.length);
      host.set(`/photo-${round}.jpg`, { body: photo, contentType: 'image/jpeg' });
      let started = performance.now();
      const response = await fetch(`${server.url}/api/v1/images`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ imageUrl: `${host.url}/photo-${round}.jpg` }),
      });
      const body = (await response.json()) as { cached?: boolean };
      const oursMs = performance.now() - started;
      if (response.status !== 200 || body.cached) throw new Error(`overhead bench: unexpected answer ${response.status}`);

      // The same prepared image, prompt and schema, sent straight to the model.
      const sent = vision.lastRequest!;
      started = performance.now();
      const replay = await fetch(`${vision.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: sent.rawBody,
      });
      await replay.json();
      const directMs = performance.now() - started;
      if (round >= WARMUP) {
        ours.push(oursMs);
        direct.push(directMs);
      }
    }
    const rows: BenchRow[] = [];
    for (const p of [50, 95]) {
      const measured = percentile(ours, p);
      const baseline = percentile(direct, p);
      const ratio = measured / baseline;
      rows.push({
        name: `generation overhead p${p} (1600x1200 JPEG ≈${Math.round(percentile(sizes, 50) / 1024)} KB, model 300 ms, ${ROUNDS} sequential)`,
        measured: round(measured, 1),
        baseline: round(baseline, 1),
        ratio: round(ratio, 3),
        target: p === 50 ? '≤ 1.05' : 'reported',
        pass: p === 50 ? ratio <= 1.05 : true,
        unit: 'ms',
      });
    }
    return rows;
  } finally {
    await bench.close();
  }
}

/**
 * What the engine would put on the wire for one image with a given provider: the request is
 * captured by the provider's fetch seam and refused, so no model is needed.
 */
async function capturePreparedImage(config: ProviderConfig, original: Buffer) {
  let captured: Buffer | undefined;
  const capture: typeof fetch = async (_url, init) => {
    const body = String(init?.body ?? '');
    const match = /"(?:url|data)":"(?:data:image\/[a-z]+;base64,)?([A-Za-z0-9+/=]{1000,})"/.exec(body);
    if (match) captured = Buffer.from(match[1]!, 'base64');
    return new Response(JSON.stringify({ error: { message: 'captured' } }), { status: 400 });
  };
  const engine = createAltTextEngine({ provider: createProvider(config, { fetch: capture, retry: { maxAttempts: 1 } }) });
  await engine.describe({ bytes: original, fileName: 'photo.jpg' }).catch((error: unknown) => {
    if (!isEngineError(error)) throw error;
  });
  if (!captured) throw new Error(`cost bench: no image captured for ${config.provider}`);
  const { width = 0, height = 0 } = await sharp(captured).metadata();
  return { bytes: captured.length, width, height };
}

/** (2) Image bytes and tokens sent for a 12-megapixel photograph, versus sending the original. */
export async function benchImageCost(): Promise<BenchRow[]> {
  const original = await photoJpeg(4000, 3000, 12);
  const openai = await capturePreparedImage({ provider: 'openai', openaiApiKey: 'bench' }, original);
  const claude = await capturePreparedImage({ provider: 'anthropic', anthropicApiKey: 'bench' }, original);
  const row = (name: string, measured: number, baseline: number, unit: string): BenchRow => ({
    name,
    measured,
    baseline,
    ratio: round(measured / baseline, 3),
    target: '≤ 0.40',
    pass: measured / baseline <= 0.4,
    unit,
  });
  return [
    row(`image bytes sent to OpenAI, 4000x3000 photo → ${openai.width}x${openai.height}`, openai.bytes, original.length, 'bytes'),
    row(`OpenAI high-detail image tokens, 4000x3000 photo`, gpt4oImageTokens(openai.width, openai.height), gpt4oImageTokens(4000, 3000), 'tokens'),
    row(`image bytes sent to Claude, 4000x3000 photo → ${claude.width}x${claude.height}`, claude.bytes, original.length, 'bytes'),
    row(`Claude image tokens, 4000x3000 photo`, claudeImageTokens(claude.width, claude.height), claudeImageTokens(4000, 3000), 'tokens'),
  ];
}

/**
 * An API key of a new Enterprise account (20,000 requests an hour): one account per measurement,
 * so one run's quota never ends the next (two runs of 5 s at 2,000 req/s would).
 */
async function enterpriseApiKey(server: TestServer): Promise<string> {
  const { token, user } = await registerUser(server);
  await server.app.db.updateTable('users').set({ plan: 'enterprise' }).where('id', '=', user.userId).execute();
  const key = await server.request('POST', '/api/v1/api-keys', { token, body: {} });
  if (key.status !== 201) throw new Error(`cache bench: no API key (${key.status})`);
  return key.body.apiKey as string;
}

/**
 * (3) Cached answers per second, 50 clients, ~5 s, metered like any call (API key, quota, usage
 * event, history row). By URL, the image is fetched and checked by the engine on every request
 * (only its bytes can be keyed); by upload, the base64 is decoded from the body's bytes (see
 * image-json-body.ts), hashed and looked up before any decoding.
 */
export async function benchCacheHits(): Promise<BenchRow[]> {
  const photo = await photoJpeg(1024, 768, 3);
  const host = await startExternalImageHost(new Map([['repeated.jpg', photo]]), 'image/jpeg');
  const server = await startTestServer('sqlite', { IMAGE_FETCH_ALLOW: host.hostPort });
  try {
    const rows: BenchRow[] = [];
    for (const [label, body] of [
      [`by URL on the loopback host`, { imageUrl: `${host.url}/repeated.jpg` }],
      [`by base64 upload`, { imageData: photo.toString('base64') }],
    ] as const) {
      const request = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': await enterpriseApiKey(server) },
        body: JSON.stringify(body),
      };
      const prime = await fetch(`${server.url}/api/v1/images`, request);
      if (prime.status !== 200) throw new Error(`cache bench: priming failed with ${prime.status}`);
      // Load from a worker thread, so the client does not share the server's event loop.
      const load = (url: string) => autocannon({ url, connections: 50, duration: 5, workers: 1, ...request });
      const result = await load(`${server.url}/api/v1/images`);
      const failed = result.non2xx + result.errors + result.timeouts;
      const rps = result.requests.average;
      // The same requests to a bare Fastify route, side by side: the absolute 1,500 req/s of the
      // first target depended on the machine (issue 9 replaced it with this ratio, reported).
      const hello = await startBareHello();
      let bare: Awaited<ReturnType<typeof load>>;
      try {
        bare = await load(hello.url);
      } finally {
        await hello.close();
      }
      rows.push({
        name: `cached generations/s ${label}, 1024x768 JPEG (${Math.round(photo.length / 1024)} KB), 50 clients, 5 s (p50 ${result.latency.p50} ms, ${failed} failed) ÷ a bare Fastify route given the same requests`,
        measured: round(rps, 0),
        baseline: round(bare.requests.average, 0),
        ratio: round(rps / bare.requests.average, 3),
        target: 'reported',
        pass: failed === 0,
        unit: 'req/s',
      });
    }
    return rows;
  } finally {
    await server.close();
    await host.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const bench of [benchGenerationOverhead, benchImageCost, benchCacheHits]) {
    for (const row of await bench()) console.log(JSON.stringify(row));
  }
}
