import { HOUR_MS, jobEstimateSchema, jobResultsResponseSchema } from '@altwise/shared';
import type { JobItem } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { jobEvents, startJobsEnv } from './jobs.test-support';
import { unitsCharged } from '../usage/usage.test-support';

for (const database of DATABASES) {
  describe(`bulk jobs: the account style, identical images, estimates (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { MODEL_CONCURRENCY: '6' } });
    });
    afterAll(() => env.close());

    const quotaUsed = (userId: string) => unitsCharged(env.server, userId);
    /** Every item of the job, in order. */
    async function allItems(token: string, id: string): Promise<JobItem[]> {
      const items: JobItem[] = [];
      let cursor: string | null = null;
      do {
        const page = await env.server.request('GET', `/api/v1/jobs/${id}/results?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { token });
        const body = jobResultsResponseSchema.parse(page.body);
        items.push(...body.items);
        cursor = body.nextCursor;
      } while (cursor);
      return items;
    }
    /** Serves the same bytes under `count` different URLs. */
    async function sameBytesUnder(count: number, prefix: string): Promise<string[]> {
      const body = await distinctPng(16);
      return Array.from({ length: count }, (_, at) => {
        env.host.set(`/${prefix}-${at}.png`, { body, contentType: 'image/png' });
        return `${env.host.url}/${prefix}-${at}.png`;
      });
    }

    it("describes a job's items in the account's alt-text style, as single requests are", async () => {
      const { token } = await env.proUser();
      const saved = await env.server.request('PUT', '/api/v1/settings', { token, body: { altText: { language: 'fr', maxLength: 90, trailingPeriod: true, keywords: ['phare'], instructions: 'Commence par le lieu.' } } });
      expect(saved.status).toBe(200);
      const [url] = await env.hostImages(1);
      env.vision.reset();
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      expect((await env.waitFor(token, response.body.id)).status).toBe('completed');
      // The prompt's words, whichever message (system or user) carries them.
      const messages = env.vision.lastRequest!.body.messages as Array<{ content: string | Array<{ type: string; text?: string }> }>;
      const prompt = messages.map((message) => (typeof message.content === 'string' ? message.content : message.content.map((part) => part.text ?? '').join('\n'))).join('\n');
      expect(prompt).toContain('Write altText and longDescription in French (fr)');
      expect(prompt).toContain('Account keywords: "phare"');
      expect(prompt).toContain('<account-instructions>\nCommence par le lieu.\n</account-instructions>');
    });

    it('describes, charges and reviews 520 items that are 12 distinct images once per image', async () => {
      const { token, userId } = await env.proUser();
      // Each image under two URLs: repeated URLs are known duplicates at creation, the second URL's
      // bytes are found identical when fetched.
      const urls = (await Promise.all(Array.from({ length: 12 }, (_, image) => sameBytesUnder(2, `dedup-${userId}-${image}`)))).flat();
      const items = Array.from({ length: 520 }, (_, at) => ({ imageUrl: urls[at % urls.length]!, id: `row-${at}` }));
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items } });
      expect(created.status).toBe(202);
      expect(created.body.distinctImages).toBe(24);
      expect(created.body.estimate).toMatchObject({ units: 24, deduplicated: false, finishesAt: null });
      const job = await env.waitFor(token, created.body.id, undefined, 60_000);
      expect(job).toMatchObject({ status: 'completed', counts: { total: 520, succeeded: 520, failed: 0, skipped: 0 }, distinctImages: 12, estimate: { units: 0 } });
      expect(await quotaUsed(userId)).toBe(12);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 12, error: 0 });
      const all = await allItems(token, created.body.id);
      const duplicates = all.filter((item) => item.duplicateOf !== null);
      expect(duplicates).toHaveLength(508);
      const byId = new Map(all.map((item) => [item.id, item]));
      for (const item of duplicates) {
        const first = byId.get(item.duplicateOf!)!;
        expect(first.duplicateOf).toBeNull();
        expect(item.result?.altText).toBe(first.result?.altText);
      }

      // A review of a duplicate is the review of its image: every row of the group takes it.
      const someDuplicate = duplicates[0]!;
      const reviewed = await env.server.request('PATCH', `/api/v1/jobs/${created.body.id}/results/${someDuplicate.id}`, { token, body: { status: 'approved', altText: 'A red square on white' } });
      expect(reviewed.status).toBe(200);
      const group = (await allItems(token, created.body.id)).filter((item) => item.id === someDuplicate.duplicateOf || item.duplicateOf === someDuplicate.duplicateOf);
      expect(group.length).toBeGreaterThan(40);
      for (const item of group) expect(item).toMatchObject({ review: 'approved', result: { altText: 'A red square on white' } });
      const approved = await env.server.request('GET', `/api/v1/jobs/${created.body.id}/results?status=approved&limit=500`, { token });
      expect(approved.body.items).toHaveLength(group.length);
    }, 90_000);

    it('charges identical bytes under different URLs once when both are in flight together', async () => {
      const { token, userId } = await env.proUser();
      const urls = await sameBytesUnder(4, `concurrent-${userId}`);
      env.vision.setLatency(300);
      try {
        const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
        const job = await env.waitFor(token, created.body.id);
        expect(job).toMatchObject({ status: 'completed', counts: { succeeded: 4 }, distinctImages: 1 });
        expect(await quotaUsed(userId)).toBe(1);
        expect(await jobEvents(env.server, userId)).toEqual({ success: 1, error: 0 });
        const all = await allItems(token, created.body.id);
        expect(all.filter((item) => item.duplicateOf === null)).toHaveLength(1);
      } finally {
        env.vision.reset();
      }
    });

    it('counts every refused row as skipped', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }, { imageUrl: 'nope' }, { imageUrl: 'ftp://x' }, {}] } });
      expect(response.status).toBe(202);
      expect(response.body.counts).toMatchObject({ total: 1, skipped: 3 });
      expect((await env.waitFor(token, response.body.id)).counts.skipped).toBe(3);
    });

    it('estimates a job before it starts, creating nothing, under the same plan rule', async () => {
      const free = await registerUser(env.server);
      const refused = await env.server.request('POST', '/api/v1/jobs/estimate', { token: free.token, body: { items: [{ imageUrl: 'https://example.com/a.png' }] } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('plan_forbidden');

      const { token } = await env.proUser();
      const small = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body: { items: [{ imageUrl: 'https://example.com/a.png' }, { imageUrl: 'https://example.com/a.png' }, { imageUrl: 'https://example.com/b.png' }] } });
      expect(small.status).toBe(200);
      expect(jobEstimateSchema.parse(small.body)).toMatchObject({ units: 2, deduplicated: false, remaining: { hourly: 2000, daily: 25000 }, finishesAt: null });
      // 10,000 distinct images on Pro (2,000 an hour): this hour's 2,000, then four more hours.
      const items = Array.from({ length: 10_000 }, (_, at) => ({ imageUrl: `https://example.com/${at}.png` }));
      const large = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body: { items } });
      expect(large.status).toBe(200);
      const nextHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
      expect(large.body).toMatchObject({ units: 10_000, finishesAt: new Date(nextHour + 3 * HOUR_MS).toISOString() });
      expect(large.body.basis).toMatch(/2,000 requests an hour/);
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });

    it('estimates a job of files not sent yet from their count (a folder, a zip): an upper bound, verify multiplied', async () => {
      const free = await registerUser(env.server);
      expect((await env.server.request('POST', '/api/v1/jobs/estimate', { token: free.token, body: { images: 3 } })).status).toBe(403);
      const { token } = await env.proUser();
      const files = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body: { images: 2_500 } });
      expect(files.status, JSON.stringify(files.body)).toBe(200);
      expect(jobEstimateSchema.parse(files.body)).toMatchObject({ units: 2_500, deduplicated: false, remaining: { hourly: 2000, daily: 25000 } });
      expect(files.body.basis).toMatch(/^The last requests are admitted/);
      const verified = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body: { images: 4, verify: true } });
      expect(verified.body).toMatchObject({ units: 12, readingsPerImage: 3 });
      for (const body of [{ images: 0 }, { images: 10_001 }, { images: 1.5 }, { images: 2, items: [{ imageUrl: 'https://example.com/a.png' }] }, {}]) {
        const refused = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });
  });
}
