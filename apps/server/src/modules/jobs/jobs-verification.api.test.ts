// Issue 19 on bulk jobs: every item result says who stands behind it (draft | model), a person's
// review makes it `reviewed` (compliance from the checker), and an item's purpose reaches the model.
import { jobItemSchema, jobResultsResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

async function results(env: JobsTestEnv, token: string, id: string) {
  const response = await env.server.request('GET', `/api/v1/jobs/${id}/results`, { token });
  expect(response.status).toBe(200);
  return jobResultsResponseSchema.parse(response.body).items;
}

const review = (env: JobsTestEnv, token: string, id: string, itemId: string, body: object) =>
  env.server.request('PATCH', `/api/v1/jobs/${id}/results/${itemId}`, { token, body });

for (const database of DATABASES) {
  describe(`job verification and purpose with a vision model (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database);
    });
    afterAll(() => env.close());

    it('passes each JSON item its own purpose, and answers `model` results', async () => {
      const { token } = await env.proUser();
      const [first, second] = await env.hostImages(2);
      const before = env.vision.requests.length;
      const items = [
        { imageUrl: first, purpose: { kind: 'link', href: '/garden/chairs', label: 'Garden chairs sale 7f3a' } },
        { imageUrl: second },
      ];
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items } });
      expect(created.status).toBe(202);
      await env.waitFor(token, created.body.id);

      const prompts = env.vision.requests.slice(before).map((request) => request.rawBody);
      // The linked item's prompts (its first, and a repair when its answer did not name the link) carry
      // its purpose; the other item's do not.
      const linkedPrompts = prompts.filter((prompt) => prompt.includes('This image is the only content of a link'));
      expect(linkedPrompts.length).toBeGreaterThanOrEqual(1);
      for (const prompt of linkedPrompts) expect(prompt).toContain('Garden chairs sale 7f3a');
      expect(prompts.filter((prompt) => !prompt.includes('Garden chairs sale 7f3a')).length).toBeGreaterThanOrEqual(1);
      const [linked, plain] = await results(env, token, created.body.id);
      expect(linked).toMatchObject({ purpose: { kind: 'link', href: '/garden/chairs', label: 'Garden chairs sale 7f3a' }, result: { verification: 'model' } });
      expect(plain!.purpose).toBeUndefined();
      expect(plain!.result).toMatchObject({ verification: 'model', wcagCompliant: true });
    });

    it('reads a purpose from purpose_kind / purpose_href / purpose_label CSV columns; a bad kind is a row error', async () => {
      const { token } = await env.proUser();
      const [first, second, third] = await env.hostImages(3);
      const csv = ['image_url,purpose_kind,purpose_href,purpose_label', `${first},button,,Open basket 91c2`, `${second},,,`, `${third},banner,,x`].join('\n');
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'images.csv');
      const before = env.vision.requests.length;
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: form });
      expect(created.status).toBe(202);
      expect(created.body.total).toBe(2);
      expect(created.body.rowErrors).toEqual([{ row: 4, reason: expect.stringMatching(/^purpose\.kind/) }]);
      await env.waitFor(token, created.body.id);

      const prompts = env.vision.requests.slice(before).map((request) => request.rawBody);
      expect(prompts.filter((prompt) => prompt.includes('Open basket 91c2') && prompt.includes('This image is the only content of a button')).length).toBeGreaterThanOrEqual(1);
      const items = await results(env, token, created.body.id);
      expect(items[0]!.purpose).toEqual({ kind: 'button', label: 'Open basket 91c2' });
      expect(items[1]!.purpose).toBeUndefined();
    });

    it('makes an accepted or edited item `reviewed`, its compliance the checker\'s; a plain rejection changes nothing', async () => {
      const { token } = await env.proUser();
      const urls = await env.hostImages(3);
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      await env.waitFor(token, created.body.id);

      const accepted = await review(env, token, created.body.id, '0', { status: 'approved' });
      expect(jobItemSchema.parse(accepted.body).result).toMatchObject({ verification: 'reviewed', wcagCompliant: true });
      // Written by a person, and a file name: the checker's error makes it not compliant, reviewed or not.
      const edited = await review(env, token, created.body.id, '1', { status: 'rejected', altText: 'IMG_2041.jpg' });
      expect(edited.body.result).toMatchObject({ altText: 'IMG_2041.jpg', verification: 'reviewed', wcagCompliant: false });
      expect(edited.body.result.issues.some((issue: { severity: string }) => issue.severity === 'error')).toBe(true);
      const rejected = await review(env, token, created.body.id, '2', { status: 'rejected' });
      expect(rejected.body).toMatchObject({ review: 'rejected', result: { verification: 'model' } });
    });
  });

  describe(`job verification without a vision model (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { ALT_PROVIDER: 'offline' } });
    });
    afterAll(() => env.close());

    it('stores drafts (never compliant) that need a person; accepting one makes it reviewed', async () => {
      const { token } = await env.proUser();
      const urls = await env.hostImages(3);
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      const job = await env.waitFor(token, created.body.id);
      expect(job.counts.succeeded).toBe(3);

      const needing = await env.server.request('GET', `/api/v1/jobs/${created.body.id}/results?status=needs_review`, { token });
      expect(needing.body.items).toHaveLength(3);
      for (const item of needing.body.items) {
        expect(item.result).toMatchObject({ provider: 'offline', verification: 'draft', verificationReason: 'no_vision_model', wcagCompliant: false });
      }

      const accepted = await review(env, token, created.body.id, '0', { status: 'approved' });
      const result = jobItemSchema.parse(accepted.body).result!;
      expect(result.verification).toBe('reviewed');
      expect(result.verificationReason).toBeUndefined();
      // The draft's "no vision model" note was the reason to look; a person has.
      expect(result.issues.map((issue) => issue.id)).not.toContain('no-vision-model');
      expect(result.wcagCompliant).toBe(!result.issues.some((issue) => issue.severity === 'error'));

      const written = await review(env, token, created.body.id, '1', { status: 'approved', altText: 'A red bicycle leaning on a brick wall' });
      expect(written.body.result).toMatchObject({ verification: 'reviewed', wcagCompliant: true });
      const rejected = await review(env, token, created.body.id, '2', { status: 'rejected' });
      expect(rejected.body.result).toMatchObject({ verification: 'draft', wcagCompliant: false });
    });
  });
}
