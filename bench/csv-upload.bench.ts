/**
 * Hostile CSV uploads, run by bench/run.ts: the longest event-loop stall of an in-process server
 * while it takes the largest CSV a job allows (10,000 rows of 10 columns, just under the carried-bytes
 * limit) and while it refuses a 5,000-column header. The API suite checks what the answers are
 * (jobs-csv-limits.api.test.ts); csv.test.ts counts the parser's turns.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MAX_JOB_CARRIED_BYTES } from '@altwise/shared';
import { setPlan } from '../apps/server/src/modules/alt-text/alt-text.test-support';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import type { BenchRow } from './support/stats';

const csvForm = (csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'hostile.csv');
  return form;
};

function largestCsv(): string {
  const names = ['image_url', ...Array.from({ length: 9 }, (_, at) => `column_${at}`)];
  const filler = 'w'.repeat(Math.floor((Math.floor(MAX_JOB_CARRIED_BYTES / 10_000) - 250) / 9));
  const rows = Array.from({ length: 10_000 }, (_, at) => [`https://images.example.com/${at}.jpg`, ...Array.from({ length: 9 }, () => filler)].join(','));
  return [names.join(','), ...rows].join('\n');
}

function widestCsv(): string {
  const header = ['image_url', ...Array.from({ length: 4_999 }, (_, at) => `c${at}`)].join(',');
  return [header, ...Array.from({ length: 2_000 }, (_, at) => `https://images.example.com/p/${at}.jpg`)].join('\n');
}

export async function benchCsvUploadStall(): Promise<BenchRow[]> {
  const server = await startTestServer('sqlite', { WORKERS: 'none' });
  try {
    const session = await registerUser(server);
    await setPlan(server, session.user.userId, 'pro');
    const rows: BenchRow[] = [];
    for (const [label, csv, status] of [['the largest allowed CSV (10,000 rows x 10 columns)', largestCsv(), 202], ['a 5,000-column CSV, refused', widestCsv(), 400]] as const) {
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      const response = await server.request('POST', '/api/v1/jobs', { token: session.token, body: csvForm(csv) });
      histogram.disable();
      if (response.status !== status) throw new Error(`${label}: ${response.status}`);
      const stallMs = histogram.max / 1e6;
      rows.push({ name: `CSV upload: longest event-loop stall while the server takes ${label} (SQLite)`, measured: Number(stallMs.toFixed(1)), target: '< 150 ms', pass: stallMs < 150, unit: 'ms' });
    }
    return rows;
  } finally {
    await server.close();
  }
}
