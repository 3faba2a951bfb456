/**
 * Job review benchmark, run by bench/run.ts (or alone: node --import tsx bench/job-review.bench.ts):
 * review-queue paging over a 10,000-item job (SQLite, the default database): every page of 100
 * under "all", then under "needs review", each request timed end to end over loopback HTTP.
 * Target: p95 under 100 ms.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { SeedItem } from '../apps/server/src/modules/jobs/job-review.test-support';
import { seedReviewJob } from '../apps/server/src/modules/jobs/job-review.test-support';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

export async function benchReviewPaging(): Promise<BenchRow> {
  const ITEMS = 10_000;
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const session = await registerUser(server);
    // Mostly distinct images, every tenth a duplicate of an earlier one; a few drafts and failures.
    const items: SeedItem[] = Array.from({ length: ITEMS }, (_, at) => (at % 10 === 9 ? { kind: 'model', duplicateOf: at - 9 } : { kind: at % 50 === 0 ? 'draft' : at % 77 === 0 ? 'failed' : 'model' }));
    const jobId = await seedReviewJob(server.app.db, session.user.userId as string, items);
    const timings: number[] = [];
    for (const status of ['all', 'needs_review']) {
      let cursor: string | null = null;
      do {
        const started = performance.now();
        const page: { status: number; body: { nextCursor: string | null } } = await server.request('GET', `/api/v1/jobs/${jobId}/review-queue?limit=100&status=${status}${cursor ? `&cursor=${cursor}` : ''}`, { token: session.token });
        timings.push(performance.now() - started);
        if (page.status !== 200) throw new Error(`review queue: ${page.status}`);
        cursor = page.body.nextCursor;
      } while (cursor);
    }
    const p95 = percentile(timings, 95);
    return { name: `job review: review-queue paging p95 over a ${ITEMS.toLocaleString('en-US')}-item job (${timings.length} pages of 100, SQLite)`, measured: Number(p95.toFixed(1)), target: '< 100 ms', pass: p95 < 100, unit: 'ms' };
  } finally {
    await server.close();
  }
}

/** Bulk "accept all passing" of 1,000 groups in one request (the API test checks what it does). */
export async function benchBulkAccept(): Promise<BenchRow> {
  const GROUPS = 1_000;
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const session = await registerUser(server);
    const timings: number[] = [];
    for (let round = 0; round < 5; round++) {
      const jobId = await seedReviewJob(server.app.db, session.user.userId as string, Array.from({ length: GROUPS }, () => ({ kind: 'model' as const })));
      const started = performance.now();
      const response = await server.request('POST', `/api/v1/jobs/${jobId}/reviews`, { token: session.token, body: { action: 'approve', filter: 'needs_review', passing: true } });
      timings.push(performance.now() - started);
      if (response.body?.updated !== GROUPS) throw new Error(`bulk accept: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const median = percentile(timings, 50);
    return { name: `job review: bulk accept of ${GROUPS.toLocaleString('en-US')} groups in one request, median of 5 (SQLite)`, measured: Number(median.toFixed(1)), target: '< 1,000 ms', pass: median < 1_000, unit: 'ms' };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await benchReviewPaging());
