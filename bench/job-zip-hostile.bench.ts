/**
 * The worst zip a job upload accepts (issue 31 row 1), run by bench/run.ts (or alone: node --import
 * tsx bench/job-zip-hostile.bench.ts): distinct entries that each deflate almost as much, just under
 * the whole-zip cap of 10 times (ZIP_MAX_TOTAL_RATIO). Measured in one run: the SQLite files' growth
 * against the zip's own size, and the server's RSS growth while it reads and stores the zip.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildZip } from '@altwise/test-support/zip';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import type { BenchRow } from './support/stats';

const ENTRIES = 20;
const ENTRY_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TARGET_RSS_MB = 150;
/** The whole-zip cap, plus room for the rows, indexes and pages SQLite adds around the bytes. */
const TARGET_GROWTH_RATIO = 11;

/** 12 random bytes in every 100, the rest zeros: deflates about 7 to 9 times, unlike any real image. */
function compressible(): Buffer {
  const bytes = Buffer.alloc(ENTRY_BYTES);
  for (let at = 0; at + 100 <= ENTRY_BYTES; at += 100) randomBytes(12).copy(bytes, at);
  PNG_SIGNATURE.copy(bytes, 0);
  return bytes;
}

/** The database file and its write-ahead log, apart: the log keeps its peak size after a checkpoint. */
function sqliteBytes(dataDir: string): { database: number; wal: number } {
  const sizes = { database: 0, wal: 0 };
  for (const name of fs.readdirSync(dataDir)) {
    const stat = fs.statSync(path.join(dataDir, name));
    if (!stat.isFile()) continue;
    if (name.endsWith('-wal')) sizes.wal += stat.size;
    else if (!name.endsWith('-shm')) sizes.database += stat.size;
  }
  return sizes;
}

export async function benchWorstAcceptedZip(): Promise<BenchRow[]> {
  // WORKERS=none: the upload path alone (spool, inflate, hash, store), not the describing.
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const session = await registerUser(server);
    await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', session.user.userId).execute();
    const zip = buildZip(Array.from({ length: ENTRIES }, (_, i) => ({ name: `worst/${i}.png`, data: compressible() })));
    const inflated = ENTRIES * ENTRY_BYTES;
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'worst.zip');
    globalThis.gc?.();
    const fileBefore = sqliteBytes(server.dataDir);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const response = await server.request('POST', '/api/v1/jobs', { token: session.token, body });
    clearInterval(sampler);
    if (response.status !== 202 || response.body.total !== ENTRIES) throw new Error(`the zip was not accepted whole: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    const after = sqliteBytes(server.dataDir);
    const rssMb = (peak - before) / 1024 / 1024;
    const shape = `${ENTRIES} distinct entries of ${ENTRY_BYTES / 1024 / 1024} MB, a ${(zip.length / 1024 / 1024).toFixed(1)} MB zip inflating ${(inflated / zip.length).toFixed(1)}×`;
    const growthRow = (what: string, grew: number): BenchRow => ({
      name: `worst accepted zip: SQLite ${what} growth per byte of zip uploaded (${shape}; grew ${(grew / 1024 / 1024).toFixed(1)} MB)`,
      measured: Number((grew / zip.length).toFixed(2)),
      target: `< ${TARGET_GROWTH_RATIO}×`,
      pass: grew / zip.length < TARGET_GROWTH_RATIO,
      unit: '×',
    });
    return [
      growthRow('database file', after.database - fileBefore.database),
      growthRow('write-ahead log (kept at its peak size: no journal_size_limit)', after.wal - fileBefore.wal),
      {
        name: `worst accepted zip: server RSS growth while it is read and stored (${shape})`,
        measured: Number(rssMb.toFixed(1)),
        target: `< ${TARGET_RSS_MB} MB`,
        pass: rssMb < TARGET_RSS_MB,
        unit: 'MB',
      },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchWorstAcceptedZip());
}
