/**
 * The job list at 100,000 items (issue 32 row 4), run by bench/run.ts (or alone:
 * node --import tsx bench/job-list.bench.ts). One server (SQLite, WORKERS=none: nothing runs the
 * items), two accounts of 20 jobs each: one with 5,000 items a job (100,000), one with 1 item a job.
 * Measured: GET /api/v1/jobs (a page of 20) for each account, in alternating rounds so the machine's
 * load falls on both alike; the ratio is the big account's p50 over the small one's. The counts come
 * from the jobs' rows (migration 0033); for comparison the bench also times the query the list ran
 * before (every item of the page's jobs, grouped by status), on the same data.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { registerUser } from '@altwise/server/test-support/test-server';
import { createJobsRepository } from '../apps/server/src/modules/jobs/jobs.repository';
import { startModelBench } from './support/model-bench';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const JOBS = 20;
const ITEMS = 5_000;
const ROUNDS = 40;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type Bench = Awaited<ReturnType<typeof startModelBench>>;

async function account(bench: Bench, itemsPerJob: number): Promise<{ token: string; jobIds: string[] }> {
  const { token, user } = await registerUser(bench.server);
  const userId = user.userId as string;
  await bench.server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
  const repository = createJobsRepository(bench.server.app.db);
  const jobIds: string[] = [];
  for (let job = 0; job < JOBS; job += 1) {
    const id = `list-${userId}-${job}`;
    jobIds.push(id);
    const items = Array.from({ length: itemsPerJob }, (_, idx) => ({ job_id: id, idx, image_url: `https://images.example/${id}/${idx}.png`, context: null, client_id: null, columns: null }));
    await repository.transaction((trx) =>
      repository.insertJob(trx, { id, name: null, user_id: userId, api_key_id: null, status: 'running', total: itemsPerJob, options: '{"language":"en","maxLength":125}', columns: '[]', row_errors: '[]', webhook_url: null, created_at: job, started_at: null, finished_at: null, waiting_until: null, progress_sent_at: null, skipped: 0, mode: 'standard', mode_note: null }, items),
    );
  }
  return { token, jobIds };
}

async function timeList(bench: Bench, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${bench.server.url}/api/v1/jobs?limit=${JOBS}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { items: unknown[] };
  if (response.status !== 200 || body.items.length !== JOBS) throw new Error(`job-list bench: the list answered ${response.status} with ${body.items.length} jobs`);
  return performance.now() - started;
}

/** The count the list made before migration 0033: every item of the page's jobs. */
async function timeOldCount(bench: Bench, jobIds: string[]): Promise<number> {
  const started = performance.now();
  await sql`select job_id, status, count(*) as n, sum(case when duplicate_of is null then 1 else 0 end) as firsts from job_items where job_id in (${sql.join(jobIds)}) group by job_id, status`.execute(bench.server.app.db);
  return performance.now() - started;
}

export async function benchJobList(): Promise<BenchRow[]> {
  const bench = await startModelBench(0, { WORKERS: 'none' });
  try {
    const big = await account(bench, ITEMS);
    const small = await account(bench, 1);
    const times = { big: [] as number[], small: [] as number[], oldCount: [] as number[] };
    await timeList(bench, big.token);
    await timeList(bench, small.token);
    for (let index = 0; index < ROUNDS; index += 1) {
      times.small.push(await timeList(bench, small.token));
      times.big.push(await timeList(bench, big.token));
      if (index % 8 === 0) times.oldCount.push(await timeOldCount(bench, big.jobIds));
    }
    const ratio = percentile(times.big, 50) / percentile(times.small, 50);
    return [
      {
        name: `job list p50, ${JOBS} jobs of ${(JOBS * ITEMS).toLocaleString('en')} items ÷ ${JOBS} jobs of 1 (SQLite, ${ROUNDS} each; the old per-item count alone took p50 ${round(percentile(times.oldCount, 50), 1)} ms)`,
        measured: round(percentile(times.big, 50)),
        baseline: round(percentile(times.small, 50)),
        ratio: round(ratio),
        target: '≤ 1.2',
        pass: ratio <= 1.2,
        unit: 'ms',
      },
    ];
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await benchJobList());
