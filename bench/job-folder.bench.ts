/**
 * Jobs from a folder (issue 23; issue 32 row 2), run by bench/run.ts (or alone: node --import tsx
 * bench/job-folder.bench.ts). `altwise job create <folder>` (the real CLI, in its own process, so only
 * the server's memory is in this one's RSS) uploads distinct, incompressible files a PNG signature
 * makes images, in resumable pieces (500 files or 64 MB a request), at the server's default
 * REQUEST_TIMEOUT_MS (30 s):
 * 1. 2,000 files of ~50 KB, nothing else running (WORKERS=none): server RSS growth.
 * 2. 10,000 files of ~48 KB (~470 MB, what failed with a 408 at ~31 s when it was one request that
 *    had REQUEST_TIMEOUT_MS): accepted whole, and the server's RSS growth.
 * 3. the same 2,000 files while a 2,000-item job runs on the same server (a 200 ms fake model,
 *    MODEL_CONCURRENCY=8): accepted whole, its time against row 1's upload time (the idle one).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { startModelBench } from './support/model-bench';
import type { BenchRow } from './support/stats';

const TARGET_MB = 150;
const BIN = path.resolve(import.meta.dirname, '../packages/cli/bin/altwise.mjs');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function proKey(server: TestServer): Promise<{ token: string; apiKey: string }> {
  const session = await registerUser(server);
  await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', session.user.userId).execute();
  const apiKey = (await server.request('POST', '/api/v1/api-keys', { token: session.token, body: { name: 'bench' } })).body.apiKey as string;
  return { token: session.token, apiKey };
}

/** Distinct files in 10 sub-folders. */
async function writeFolder(files: number, fileBytes: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'altwise-bench-folder-'));
  for (let index = 0; index < files; index += 1) {
    const dir = path.join(folder, `shelf-${index % 10}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `photo-${index}.png`), Buffer.concat([PNG_SIGNATURE, randomBytes(fileBytes - PNG_SIGNATURE.length)]));
  }
  return folder;
}

/** One upload through the CLI: seconds, and this process's (the server's) RSS growth at its peak. */
async function upload(server: TestServer, folder: string, files: number): Promise<{ seconds: number; growthMb: number }> {
  const { token, apiKey } = await proKey(server);
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = Date.now();
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'job', 'create', folder], {
      env: { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url },
      maxBuffer: 16 * 1024 * 1024,
    });
    const seconds = (Date.now() - started) / 1000;
    const job = await server.request('GET', `/api/v1/jobs/${stdout.trim()}`, { token });
    if (job.status !== 200 || job.body.total !== files) throw new Error(`job not accepted whole: ${job.status} ${JSON.stringify(job.body).slice(0, 200)}`);
    return { seconds, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** A 2,000-item job of distinct images, started and left running. */
async function startRunningJob(bench: Awaited<ReturnType<typeof startModelBench>>): Promise<void> {
  const { token } = await proKey(bench.server);
  const items = [];
  for (let index = 0; index < 2_000; index += 1) {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: index % 256, g: Math.floor(index / 256), b: 91 } } }).png().toBuffer();
    bench.host.set(`/running-${index}.png`, { body: png, contentType: 'image/png' });
    items.push({ imageUrl: `${bench.host.url}/running-${index}.png` });
  }
  const created = await bench.server.request('POST', '/api/v1/jobs', { token, body: { items } });
  if (created.status !== 202) throw new Error(`running job refused: ${created.status}`);
  for (;;) {
    const job = await bench.server.request('GET', `/api/v1/jobs/${created.body.id}`, { token });
    if (job.body.counts.succeeded > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function benchJobFolderMemory(): Promise<BenchRow[]> {
  const FILES = 2_000;
  const FILE_BYTES = 50 * 1024;
  const folder = await writeFolder(FILES, FILE_BYTES);
  try {
    // WORKERS=none: the upload path alone (stream, hash, store), not the describing.
    const idleServer = await startTestServer('sqlite', { WORKERS: 'none' });
    let idle: { seconds: number; growthMb: number };
    try {
      idle = await upload(idleServer, folder, FILES);
    } finally {
      await idleServer.close();
    }
    const bench = await startModelBench(200, { MODEL_CONCURRENCY: '8' });
    let busy: { seconds: number; growthMb: number };
    try {
      await startRunningJob(bench);
      busy = await upload(bench.server, folder, FILES);
    } finally {
      await bench.close();
    }
    const ratio = busy.seconds / idle.seconds;
    const megabytes = ((FILES * FILE_BYTES) / 1024 / 1024).toFixed(0);
    return [
      {
        name: `job from a folder: server RSS growth while ${FILES.toLocaleString('en-US')} files of ${FILE_BYTES / 1024} KB (${megabytes} MB) stream in from the CLI and are stored (${idle.seconds.toFixed(1)} s)`,
        measured: round(idle.growthMb),
        target: `< ${TARGET_MB} MB`,
        pass: idle.growthMb < TARGET_MB,
        unit: 'MB',
      },
      {
        name: `the same ${FILES.toLocaleString('en-US')}-file upload while a 2,000-item job runs (200 ms model, MODEL_CONCURRENCY=8): accepted whole, seconds ÷ the idle upload's (RSS +${round(busy.growthMb)} MB)`,
        measured: round(busy.seconds),
        baseline: round(idle.seconds),
        ratio: round(ratio, 2),
        target: '≤ 2',
        pass: ratio <= 2,
        unit: 's',
      },
    ];
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export async function benchJobFolder10k(): Promise<BenchRow> {
  const FILES = 10_000;
  const FILE_BYTES = 48 * 1024;
  const folder = await writeFolder(FILES, FILE_BYTES);
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const { seconds, growthMb } = await upload(server, folder, FILES);
    return {
      name: `job from a folder: ${FILES.toLocaleString('en-US')} files of ${FILE_BYTES / 1024} KB (${((FILES * FILE_BYTES) / 1024 / 1024).toFixed(0)} MB) at REQUEST_TIMEOUT_MS=30000, accepted whole in ${seconds.toFixed(1)} s: server RSS growth`,
      measured: round(growthMb),
      target: `< ${TARGET_MB} MB`,
      pass: growthMb < TARGET_MB,
      unit: 'MB',
    };
  } finally {
    await server.close();
    await fs.rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table([...(await benchJobFolderMemory()), await benchJobFolder10k()]);
}
