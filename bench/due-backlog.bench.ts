/**
 * The dispatcher's due-items read under a backlog (issue 32 row 1), run by bench/run.ts (or alone:
 * node --import tsx bench/due-backlog.bench.ts). Two servers (SQLite, in this process, WORKERS=none
 * so nothing drains the backlog): one whose 10 accounts have 100,000 items pending, one whose 10
 * accounts have a window's worth each (64: all `due` can hand out, so the "empty backlog"). On each
 * in turn, the read every BullMQ process makes every 0.5 s runs on its timer while one client asks
 * for a cached image: measured are the read itself and that request's latency, backlog ÷ window,
 * in alternating phases so that the machine's load falls on both alike.
 * Before the fix the read numbered every pending item (1.4 s at 100,000 on PostgreSQL) and a
 * cached image went from p50 29 ms to 1,149 ms.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { registerUser } from '@altwise/server/test-support/test-server';
import { createJobsRepository } from '../apps/server/src/modules/jobs/jobs.repository';
import { photoJpeg } from './support/fixtures';
import { startModelBench } from './support/model-bench';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const ACCOUNTS = 10;
const BACKLOG = 100_000;
const WINDOW = 64;
const SWEEP_MS = 500;
const PHASE_MS = 3_000;
const PHASES = 3;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type Bench = Awaited<ReturnType<typeof startModelBench>>;

async function seed(bench: Bench, perAccount: number): Promise<void> {
  const repository = createJobsRepository(bench.server.app.db);
  for (let account = 0; account < ACCOUNTS; account += 1) {
    const id = `backlog-${account}`;
    const items = Array.from({ length: perAccount }, (_, idx) => ({ job_id: id, idx, image_url: `https://images.example/${account}/${idx}.png`, context: null, client_id: null, columns: null }));
    await repository.transaction((trx) =>
      repository.insertJob(trx, { id, name: null, user_id: `backlog-user-${account}`, api_key_id: null, status: 'running', total: perAccount, options: '{}', columns: '[]', row_errors: '[]', webhook_url: null, created_at: account, started_at: null, finished_at: null, waiting_until: null, progress_sent_at: null, skipped: 0, mode: 'standard', mode_note: null }, items),
    );
  }
}

/** A client of the server with one image it has described already (each later ask is a cache hit). */
async function cachedClient(bench: Bench) {
  const { token, user } = await registerUser(bench.server);
  // Enterprise: an idle machine answers a cached image in a few milliseconds, so the phases ask more
  // than Pro's 2,000 an hour (a 429 ended the bench's first idle run).
  await bench.server.app.db.updateTable('users').set({ plan: 'enterprise' }).where('id', '=', user.userId).execute();
  bench.host.set('/cached.jpg', { body: await photoJpeg(800, 600, 7), contentType: 'image/jpeg' });
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${bench.server.url}/api/v1/images`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ imageUrl: `${bench.host.url}/cached.jpg` }) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`due-backlog bench: a cached image answered ${response.status}`);
    return performance.now() - started;
  };
  await ask();
  return ask;
}

/** One phase on one server: the sweep's read on its timer, and cached requests one after another. */
async function phase(bench: Bench, ask: () => Promise<number>, reads: number[], latencies: number[]): Promise<void> {
  const repository = createJobsRepository(bench.server.app.db);
  const sweep = async () => {
    const started = performance.now();
    const due = await repository.due('bench-instance', Date.now() - 30_000, Date.now(), WINDOW);
    reads.push(performance.now() - started);
    if (due.length !== WINDOW) throw new Error(`due-backlog bench: ${due.length} items due, expected ${WINDOW}`);
  };
  let failed: unknown;
  const timer = setInterval(() => void sweep().catch((error: unknown) => (failed = error)), SWEEP_MS);
  try {
    const end = performance.now() + PHASE_MS;
    while (performance.now() < end) latencies.push(await ask());
  } finally {
    clearInterval(timer);
  }
  if (failed) throw failed;
}

export async function benchDueBacklog(): Promise<BenchRow[]> {
  const backlog = await startModelBench(0, { WORKERS: 'none' });
  const window = await startModelBench(0, { WORKERS: 'none' });
  try {
    await seed(backlog, BACKLOG / ACCOUNTS);
    await seed(window, WINDOW);
    const askBacklog = await cachedClient(backlog);
    const askWindow = await cachedClient(window);
    const reads = { backlog: [] as number[], window: [] as number[] };
    const latencies = { backlog: [] as number[], window: [] as number[] };
    for (let index = 0; index < PHASES; index += 1) {
      await phase(window, askWindow, reads.window, latencies.window);
      await phase(backlog, askBacklog, reads.backlog, latencies.backlog);
    }
    const readRatio = percentile(reads.backlog, 50) / percentile(reads.window, 50);
    const latencyRatio = percentile(latencies.backlog, 50) / percentile(latencies.window, 50);
    return [
      {
        name: `due-items read p50, ${BACKLOG.toLocaleString('en')} pending in ${ACCOUNTS} accounts ÷ ${WINDOW} each (SQLite, ${reads.backlog.length}+${reads.window.length} reads)`,
        measured: round(percentile(reads.backlog, 50)),
        baseline: round(percentile(reads.window, 50)),
        ratio: round(readRatio),
        target: '≤ 1.2',
        pass: readRatio <= 1.2,
        unit: 'ms',
      },
      {
        name: `cached image p50 beside that read every ${SWEEP_MS} ms, backlog ÷ window (p95 ${round(percentile(latencies.backlog, 95), 1)} vs ${round(percentile(latencies.window, 95), 1)} ms)`,
        measured: round(percentile(latencies.backlog, 50)),
        baseline: round(percentile(latencies.window, 50)),
        ratio: round(latencyRatio),
        target: '≤ 1.2',
        pass: latencyRatio <= 1.2,
        unit: 'ms',
      },
    ];
  } finally {
    await backlog.close();
    await window.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await benchDueBacklog());
