// Hostile CSV uploads (issue 18 row 2): caps on columns, cell length and the bytes a job carries,
// each refused with a 400 naming it; only the cells a row has are stored. That parsing never holds
// the event loop is counted in csv.test.ts and its longest stall is a bench row
// (bench/csv-upload.bench.ts). WORKERS=none: only the accepting side is exercised.
import { MAX_CSV_CELL_LENGTH, MAX_CSV_COLUMNS, MAX_JOB_CARRIED_BYTES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/support/test-server';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import { setPlan } from '../alt-text/alt-text.test-support';
import { parseCsv } from './csv';

const csvForm = (csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'hostile.csv');
  return form;
};

for (const database of DATABASES) {
  describe(`hostile CSV jobs (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, { WORKERS: 'none' });
    });
    afterAll(() => server.close());

    async function proUser() {
      const session = await registerUser(server);
      await setPlan(server, session.user.userId, 'pro');
      return session.token;
    }
    const jobCount = async (token: string) => (await server.request('GET', '/api/v1/jobs', { token })).body.items.length;

    it('refuses 5,000 columns with a 400 naming the column limit', async () => {
      const token = await proUser();
      const header = ['image_url', ...Array.from({ length: 4_999 }, (_, at) => `c${at}`)].join(',');
      const rows = Array.from({ length: 2_000 }, (_, at) => `https://images.example.com/p/${at}.jpg`);
      const body = csvForm([header, ...rows].join('\n'));
      const response = await server.request('POST', '/api/v1/jobs', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.message).toMatch(/^At most 50 columns per CSV/);
      expect(await jobCount(token)).toBe(0);
    });

    it('refuses a row wider than the column limit too', async () => {
      const token = await proUser();
      const wide = ['https://images.example.com/a.jpg', ...Array.from({ length: MAX_CSV_COLUMNS }, () => 'x')].join(',');
      const response = await server.request('POST', '/api/v1/jobs', { token, body: csvForm(`image_url,sku\n${wide}`) });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('At most 50 columns per CSV: line 2 has more');
    });

    it('accepts 50 columns and stores only the cells each row has (no padding, no empty cells)', async () => {
      const token = await proUser();
      const names = ['image_url', ...Array.from({ length: MAX_CSV_COLUMNS - 1 }, (_, at) => `c${at}`)];
      const urls = Array.from({ length: 2_000 }, (_, at) => `https://images.example.com/p/${at}.jpg`);
      const rows = urls.map((url, at) => (at === 1 ? `${url},,,,x` : url));
      const response = await server.request('POST', '/api/v1/jobs', { token, body: csvForm([names.join(','), ...rows].join('\n')) });
      expect(response.status).toBe(202);
      expect(response.body).toMatchObject({ total: 2_000, rowErrors: [] });
      const id = response.body.id as string;
      const stored = await server.app.db.selectFrom('job_items').select(['idx', 'columns']).where('job_id', '=', id).orderBy('idx').execute();
      expect(JSON.parse(stored[0]!.columns!)).toEqual({ image_url: urls[0] });
      expect(JSON.parse(stored[1]!.columns!)).toEqual({ image_url: urls[1], c3: 'x' });
      const storedBytes = stored.reduce((sum, row) => sum + (row.columns?.length ?? 0), 0);
      // About the URLs themselves (~55 bytes a row), not 50 keys a row.
      expect(storedBytes).toBeLessThan(2_000 * 100);
      // The export still has every column, the missing cells empty.
      const exported = parseCsv((await server.request('GET', `/api/v1/jobs/${id}/results.csv`, { token })).body as string).map((row) => row.fields);
      expect(exported[0]!.slice(0, MAX_CSV_COLUMNS)).toEqual(names);
      expect(exported[1]!.slice(0, MAX_CSV_COLUMNS)).toEqual([urls[0], ...Array.from({ length: MAX_CSV_COLUMNS - 1 }, () => '')]);
      expect(exported[2]![4]).toBe('x');
      // The results API shows the row's cells as given.
      const results = await server.request('GET', `/api/v1/jobs/${id}/results?limit=2`, { token });
      expect(results.body.items[1].columns).toEqual({ image_url: urls[1], c3: 'x' });
    });

    it('refuses a cell longer than the cell limit, naming it and the line', async () => {
      const token = await proUser();
      const long = 'y'.repeat(MAX_CSV_CELL_LENGTH + 1);
      const csv = ['image_url,title', 'https://images.example.com/a.jpg,fine', `https://images.example.com/b.jpg,${long}`].join('\n');
      const response = await server.request('POST', '/api/v1/jobs', { token, body: csvForm(csv) });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^A CSV cell is at most 2,000 characters.*: line 3 has a longer one$/);
      // A cell exactly at the limit is fine, and an image URL may be as long as any image URL.
      const longUrl = `https://images.example.com/${'u'.repeat(2_048 - 31)}.jpg`;
      expect(longUrl).toHaveLength(2_048);
      const atLimit = await server.request('POST', '/api/v1/jobs', { token, body: csvForm(`image_url,title\n${longUrl},${'y'.repeat(MAX_CSV_CELL_LENGTH)}`) });
      expect(atLimit.status).toBe(202);
      expect(atLimit.body.rowErrors).toEqual([]);
    });

    it('refuses a job whose cells pass the carried-bytes limit, naming it', async () => {
      const token = await proUser();
      const cell = 'z'.repeat(MAX_CSV_CELL_LENGTH);
      const rowCount = Math.ceil(MAX_JOB_CARRIED_BYTES / (3 * MAX_CSV_CELL_LENGTH)) + 10;
      const rows = Array.from({ length: rowCount }, (_, at) => `https://images.example.com/${at}.jpg,${cell},${cell},${cell}`);
      const response = await server.request('POST', '/api/v1/jobs', { token, body: csvForm(['image_url,a,b,c', ...rows].join('\n')) });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^At most 5 MB of CSV cells per job/);
      expect(await jobCount(token)).toBe(0);
    });

    it('accepts the largest allowed upload', async () => {
      const token = await proUser();
      // 10,000 rows of 10 columns, just under the carried-bytes limit.
      const names = ['image_url', ...Array.from({ length: 9 }, (_, at) => `column_${at}`)];
      const perRow = Math.floor(MAX_JOB_CARRIED_BYTES / 10_000) - 250;
      const filler = 'w'.repeat(Math.floor(perRow / 9));
      const rows = Array.from({ length: 10_000 }, (_, at) => [`https://images.example.com/${at}.jpg`, ...Array.from({ length: 9 }, () => filler)].join(','));
      const body = csvForm([names.join(','), ...rows].join('\n'));
      const response = await server.request('POST', '/api/v1/jobs', { token, body });
      expect(response.status).toBe(202);
      expect(response.body.total).toBe(10_000);
    }, 60_000);
  });
}
