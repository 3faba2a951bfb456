/**
 * Bulk-job benchmarks, run by bench/run.ts (or alone: node --import tsx bench/jobs.bench.ts):
 * 1. a 2,000-item job against a 300 ms fake model with MODEL_CONCURRENCY=16: items per second over
 *    the physical limit (16 / 0.3 s ≈ 53 items/s);
 * 2. server memory while a 10,000-row CSV is accepted and exported (RSS growth, sampled).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import { startModelBench } from './support/model-bench';
import type { BenchRow } from './support/stats';

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function proUser(server: Awaited<ReturnType<typeof startTestServer>>) {
  const session = await registerUser(server);
  await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', session.user.userId).execute();
  return session.token;
}

/** (1) Throughput of one large job against the model's physical limit. */
export async function benchJobThroughput(): Promise<BenchRow> {
  const ITEMS = 2_000;
  const LATENCY_MS = 300;
  const CONCURRENCY = 16;
  const bench = await startModelBench(LATENCY_MS, { MODEL_CONCURRENCY: String(CONCURRENCY) });
  const { host, server } = bench;
  try {
    const token = await proUser(server);
    const items = [];
    for (let index = 0; index < ITEMS; index += 1) {
      // Distinct bytes: every item is a cache miss that reaches the model.
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: index % 256, g: Math.floor(index / 256), b: 77 } } }).png().toBuffer();
      host.set(`/bulk-${index}.png`, { body: png, contentType: 'image/png' });
      items.push({ imageUrl: `${host.url}/bulk-${index}.png` });
    }
    const started = performance.now();
    const created = await server.request('POST', '/api/v1/jobs', { token, body: { items } });
    if (created.status !== 202) throw new Error(`job refused: ${created.status}`);
    for (;;) {
      const job = await server.request('GET', `/api/v1/jobs/${created.body.id}`, { token });
      if (job.body.status === 'completed' || job.body.status === 'failed') {
        if (job.body.counts.succeeded !== ITEMS) throw new Error(`only ${job.body.counts.succeeded} succeeded`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const measured = ITEMS / seconds;
    const limit = CONCURRENCY / (LATENCY_MS / 1000);
    const ratio = measured / limit;
    return { name: `bulk job: ${ITEMS} items, 300 ms model, MODEL_CONCURRENCY=16 (items/s ÷ 16/0.3 s)`, measured: round(measured), baseline: round(limit), ratio: round(ratio), target: '≥ 0.9', pass: ratio >= 0.9, unit: 'items/s' };
  } finally {
    await bench.close();
  }
}

/** (2) RSS growth while a 10,000-row CSV is accepted and its results exported (streamed). */
export async function benchJobCsvMemory(): Promise<BenchRow> {
  const ROWS = 10_000;
  // WORKERS=none: only the API path is measured (accept, store, export), not the describing.
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const token = await proUser(server);
    const lines = ['image_url,sku,context,title'];
    for (let index = 0; index < ROWS; index += 1) lines.push(`https://images.example.com/catalogue/${index}/photo-front.jpg,SKU-${index},"Product page, front view",Blue ceramic mug ${index}`);
    const csv = lines.join('\n');
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    const created = await server.request('POST', '/api/v1/jobs', { token, body: form });
    if (created.status !== 202 || created.body.total !== ROWS) throw new Error(`job refused: ${created.status}`);
    const response = await fetch(`${server.url}/api/v1/jobs/${created.body.id}/results.csv`, { headers: { authorization: `Bearer ${token}` } });
    let exportedLines = 0;
    const decoder = new TextDecoder();
    // Lines end in CRLF; counted by their LF, which a chunk boundary cannot split in two.
    for await (const chunk of response.body!) exportedLines += (decoder.decode(chunk as Uint8Array, { stream: true }).match(/\n/g) ?? []).length;
    clearInterval(sampler);
    if (exportedLines !== ROWS + 1) throw new Error(`exported ${exportedLines} lines`);
    const growthMb = (peak - before) / 1024 / 1024;
    return { name: `bulk job: RSS growth while a ${ROWS.toLocaleString('en-US')}-row CSV (${(csv.length / 1024 / 1024).toFixed(1)} MB) is accepted and exported`, measured: round(growthMb, 1), target: '< 100 MB', pass: growthMb < 100, unit: 'MB' };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchJobCsvMemory());
  console.log(await benchJobThroughput());
}
