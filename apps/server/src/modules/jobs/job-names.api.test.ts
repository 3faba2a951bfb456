// Jobs named by their source (issue 35 row 14): the CSV's or zip's file name, the folder, the
// images' site, or the name asked for; the owner renames a job with PATCH (validated by the shared
// schema), and the name is what the list and the job's page read. WORKERS=none: nothing runs.
import { buildZip } from '@altwise/test-support/zip';
import { jobListResponseSchema, jobSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

function filesForm(files: Array<[path: string, bytes: Buffer, type?: string]>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [path, bytes, type] of files) form.append('files', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), path);
  return form;
}

for (const database of DATABASES) {
  describe(`job names (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { WORKERS: 'none' } });
    });
    afterAll(() => env.close());

    const created = async (token: string, body: unknown) => {
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      return jobSchema.parse(response.body);
    };

    it('names a job by its source: the images\' site, the CSV\'s file name, the folder, the zip, one file', async () => {
      const { token } = await env.proUser();
      const [a, b, c] = await Promise.all([distinctPng(16), distinctPng(16), distinctPng(16)]);
      const oneSite = await created(token, { items: [{ imageUrl: 'https://shop.example/a.png' }, { imageUrl: 'https://shop.example/b.png' }] });
      expect(oneSite.name).toBe('Images from shop.example');
      const twoSites = await created(token, { items: [{ imageUrl: 'https://shop.example/a.png' }, { imageUrl: 'https://cdn.example/b.png' }] });
      expect(twoSites.name).toBe('Images from 2 sites');

      const csv = new FormData();
      csv.append('file', new Blob(['image_url\nhttps://shop.example/a.png\n'], { type: 'text/csv' }), 'products.csv');
      expect((await created(token, csv)).name).toBe('products.csv');

      expect((await created(token, filesForm([['summer/beach.png', a], ['summer/days/pier.png', b]]))).name).toBe('summer');
      expect((await created(token, filesForm([['beach.png', a]]))).name).toBe('beach.png');
      expect((await created(token, filesForm([['beach.png', a], ['pier.png', b]]))).name).toBe('2 files');
      const zip = buildZip([{ name: 'shoes/red.png', data: c }]);
      expect((await created(token, filesForm([['catalogue.zip', zip, 'application/zip']]))).name).toBe('catalogue.zip');

      // A resumable upload: its folder.
      const session = `names-${database}-0123456789`;
      const piece = new FormData();
      piece.append('first', '0');
      piece.append('files', new Blob([new Uint8Array(a)]), 'holiday/one.png');
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token, body: piece })).status).toBe(200);
      const fromSession = await env.server.request('POST', `/api/v1/jobs/uploads/${session}/job`, { token, body: {} });
      expect(fromSession.status).toBe(202);
      expect(fromSession.body.name).toBe('holiday');
    });

    it('takes the name asked for, in JSON and as a form field, trimmed', async () => {
      const { token } = await env.proUser();
      expect((await created(token, { name: '  Spring catalogue ', items: [{ imageUrl: 'https://shop.example/a.png' }] })).name).toBe('Spring catalogue');
      expect((await created(token, filesForm([['x/a.png', await distinctPng(16)]], { name: 'Press kit' }))).name).toBe('Press kit');
      const refused = await env.server.request('POST', '/api/v1/jobs', { token, body: { name: 'a\u0007b', items: [{ imageUrl: 'https://shop.example/a.png' }] } });
      expect(refused.status).toBe(400);
    });

    it('the owner renames a job with PATCH; the list and the job read the new name; bad names are refused; another account gets a 404', async () => {
      const { token } = await env.proUser();
      const job = await created(token, { items: [{ imageUrl: 'https://shop.example/a.png' }] });
      const renamed = await env.server.request('PATCH', `/api/v1/jobs/${job.id}`, { token, body: { name: '  Homepage heroes  ' } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(jobSchema.parse(renamed.body)).toMatchObject({ id: job.id, name: 'Homepage heroes', total: 1 });
      expect((await env.server.request('GET', `/api/v1/jobs/${job.id}`, { token })).body.name).toBe('Homepage heroes');
      const list = jobListResponseSchema.parse((await env.server.request('GET', '/api/v1/jobs', { token })).body);
      expect(list.items.find((item) => item.id === job.id)?.name).toBe('Homepage heroes');

      for (const name of ['   ', 'x'.repeat(121), 'two\nlines']) {
        const bad = await env.server.request('PATCH', `/api/v1/jobs/${job.id}`, { token, body: { name } });
        expect(bad.status, name).toBe(400);
        expect(bad.body.error.code).toBe('validation_failed');
      }
      expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}`, { token, body: {} })).status).toBe(400);

      const stranger = await env.proUser();
      const foreign = await env.server.request('PATCH', `/api/v1/jobs/${job.id}`, { token: stranger.token, body: { name: 'Mine now' } });
      expect(foreign.status).toBe(404);
      expect((await env.server.request('GET', `/api/v1/jobs/${job.id}`, { token })).body.name).toBe('Homepage heroes');
      expect((await env.server.request('PATCH', '/api/v1/jobs/no-such-job', { token, body: { name: 'x' } })).status).toBe(404);
    });

    it('documents PATCH /api/v1/jobs/{id} with its body', async () => {
      const spec = await env.server.request('GET', '/api/openapi.json');
      expect(spec.body.paths['/api/v1/jobs/{id}'].patch.requestBody.content['application/json']).toBeDefined();
    });
  });
}
