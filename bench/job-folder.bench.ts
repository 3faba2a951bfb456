/**
 * A job from a folder (issue 23), run by bench/run.ts (or alone: node --import tsx bench/job-folder.bench.ts):
 * server RSS growth while `altwise job create <folder>` (the real CLI, in its own process, so only the
 * server's memory is in this one's RSS) streams 2,000 files of ~50 KB and the server accepts them.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import type { BenchRow } from './support/stats';

const FILES = 2_000;
const FILE_BYTES = 50 * 1024;
const TARGET_MB = 150;
const BIN = path.resolve(import.meta.dirname, '../packages/cli/bin/altwise.mjs');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function benchJobFolderMemory(): Promise<BenchRow> {
  // WORKERS=none: the upload path alone (stream, hash, store), not the describing.
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'altwise-bench-folder-'));
  try {
    const session = await registerUser(server);
    await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', session.user.userId).execute();
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token: session.token, body: { name: 'bench' } })).body.apiKey as string;
    // Distinct, incompressible files a PNG signature makes images: 10 folders of 200.
    for (let index = 0; index < FILES; index += 1) {
      const dir = path.join(folder, `shelf-${index % 10}`);
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `photo-${index}.png`), Buffer.concat([PNG_SIGNATURE, randomBytes(FILE_BYTES - PNG_SIGNATURE.length)]));
    }
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'job', 'create', folder], {
      env: { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url },
      maxBuffer: 16 * 1024 * 1024,
    });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const job = await server.request('GET', `/api/v1/jobs/${stdout.trim()}`, { token: session.token });
    if (job.status !== 200 || job.body.total !== FILES) throw new Error(`job not accepted whole: ${job.status} ${JSON.stringify(job.body).slice(0, 200)}`);
    const growthMb = (peak - before) / 1024 / 1024;
    return {
      name: `job from a folder: server RSS growth while ${FILES.toLocaleString('en-US')} files of ${FILE_BYTES / 1024} KB (${((FILES * FILE_BYTES) / 1024 / 1024).toFixed(0)} MB) stream in from the CLI and are stored (${seconds.toFixed(1)} s)`,
      measured: Number(growthMb.toFixed(1)),
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
  console.log(await benchJobFolderMemory());
}
