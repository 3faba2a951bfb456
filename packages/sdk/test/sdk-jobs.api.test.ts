import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Altwise, AltwiseError } from '@altwise/sdk';
import type { Job } from '@altwise/sdk';
import { setPlan, startAltTextEnv } from '@altwise/server/alt-text-test-support';
import type { AltTextTestEnv } from '@altwise/server/alt-text-test-support';
import { registerUser } from '@altwise/server/test-support/test-server';
import { openBook } from '@altwise/engine/epub';
import { epub3 } from '@altwise/test-support/epub-books';

describe('@altwise/sdk bulk jobs against a real server', () => {
  let env: AltTextTestEnv;
  let apiKey: string;
  let otherKey: string;

  async function keyFor(plan: string): Promise<string> {
    const session = await registerUser(env.server);
    await setPlan(env.server, session.user.userId, plan);
    return (await env.server.request('POST', '/api/v1/api-keys', { token: session.token, body: {} })).body.apiKey;
  }

  beforeAll(async () => {
    // A stalled image holds its item for this long at most, so the server closes quickly.
    env = await startAltTextEnv('sqlite', { env: { IMAGE_FETCH_TIMEOUT_MS: '2000' } });
    apiKey = await keyFor('pro');
    otherKey = await keyFor('pro');
  });
  afterAll(() => env.close());

  const client = (options: ConstructorParameters<typeof Altwise>[0] = {}) => new Altwise({ apiKey, baseUrl: env.server.url, ...options });
  const jobCount = async (key: string) => (await env.server.request('GET', '/api/v1/jobs?limit=100', { apiKey: key })).body.items.length as number;

  it('creates a job, waits for it to complete and pages through its results', async () => {
    const urls = [await env.hostImage(), await env.hostImage(), await env.hostImage()];
    const created = await client().jobs.create({ items: urls.map((imageUrl, i) => ({ imageUrl, id: `img-${i}`, context: 'Harbour festival' })) });
    expect(created).toMatchObject({ status: 'queued', total: 3, rowErrors: [] });

    const seen: Job['status'][] = [];
    const done = await client().jobs.waitFor(created.id, { intervalMs: 50, timeoutMs: 30_000, onPoll: (job) => seen.push(job.status) });
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ total: 3, succeeded: 3, failed: 0, pending: 0, cancelled: 0, skipped: 0 });
    expect(seen.at(-1)).toBe('completed');
    expect((await client().jobs.get(created.id)).status).toBe('completed');
    expect((await client().jobs.list({ limit: 100 })).items.map((job) => job.id)).toContain(created.id);
    expect((await client({ apiKey: otherKey }).jobs.list({ limit: 100 })).items.map((job) => job.id)).not.toContain(created.id);

    const first = await client().jobs.results(created.id, { limit: 2 });
    expect(first.items.map((item) => item.clientId)).toEqual(['img-0', 'img-1']);
    expect(first.nextCursor).not.toBeNull();
    const second = await client().jobs.results(created.id, { limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.clientId)).toEqual(['img-2']);
    expect(second.nextCursor).toBeNull();
    for (const item of [...first.items, ...second.items]) {
      expect(item.status).toBe('succeeded');
      expect(item.result?.altText.length).toBeGreaterThan(0);
    }
    expect((await client().jobs.results(created.id, { status: 'failed' })).items).toEqual([]);

    // Named by its images' site; renamed by its owner only.
    expect(created.name).toMatch(/^Images from /);
    expect((await client().jobs.rename(created.id, 'Harbour festival')).name).toBe('Harbour festival');
    expect((await client().jobs.get(created.id)).name).toBe('Harbour festival');
    await expect(client({ apiKey: otherKey }).jobs.rename(created.id, 'Mine')).rejects.toMatchObject({ status: 404 });
  });

  it('stops waiting at its timeout or its signal, and cancels', async () => {
    env.host.set('/stalled.png', { stall: true });
    const created = await client().jobs.create({ items: [{ imageUrl: `${env.host.url}/stalled.png` }] });

    // An injected clock: the timeout is reached after a few real polls, without waiting for it.
    let clock = 0;
    let polls = 0;
    const timedOut = await client()
      .jobs.waitFor(created.id, { intervalMs: 100, timeoutMs: 500, now: () => clock, sleep: async (ms) => void (clock += ms), onPoll: () => void (polls += 1) })
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(AltwiseError);
    expect(timedOut).toMatchObject({ code: 'timeout', status: 0 });
    expect(['queued', 'running']).toContain(((timedOut as AltwiseError).details as Job).status);
    expect(polls).toBe(6);

    const controller = new AbortController();
    const aborted = await client()
      .jobs.waitFor(created.id, { intervalMs: 60_000, signal: controller.signal, onPoll: () => controller.abort() })
      .catch((error: unknown) => error);
    expect(aborted).toMatchObject({ code: 'aborted', status: 0 });

    const cancelled = await client().jobs.cancel(created.id);
    expect(cancelled.status).toBe('cancelled');
    expect((await client().jobs.waitFor(created.id, { intervalMs: 50 })).status).toBe('cancelled');
    await expect(client().jobs.cancel(created.id)).rejects.toMatchObject({ code: 'conflict', status: 409 });
  });

  it("answers another account's job with a typed 404, for every method", async () => {
    const created = await client().jobs.create({ items: [{ imageUrl: await env.hostImage() }] });
    const stranger = client({ apiKey: otherKey });
    for (const call of [
      () => stranger.jobs.get(created.id),
      () => stranger.jobs.results(created.id),
      () => stranger.jobs.cancel(created.id),
      () => stranger.jobs.waitFor(created.id, { intervalMs: 50 }),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AltwiseError);
      expect(error).toMatchObject({ code: 'not_found', status: 404 });
    }
    expect((await client().jobs.waitFor(created.id, { intervalMs: 50 })).status).toBe('completed');
  });

  it('retries a lost answer to create with the same Idempotency-Key: one job, not two', async () => {
    const before = await jobCount(apiKey);
    const keys: Array<string | null> = [];
    const sdk = client({
      retry: { sleep: async () => undefined },
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key'));
        const response = await fetch(request);
        return keys.length === 1 ? new Response('upstream went away', { status: 503 }) : response;
      },
    });
    const job = await sdk.jobs.create({ items: [{ imageUrl: await env.hostImage() }] });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await jobCount(apiKey)).toBe(before + 1);
    expect((await client().jobs.get(job.id)).id).toBe(job.id);
  });

  it("follows an audit's bulk job and reads the audit with its suggestions", async () => {
    const tags: string[] = [];
    for (let index = 0; index < 51; index += 1) tags.push(`<img src="${await env.hostImage()}">`);
    env.host.set('/big-page.html', { body: `<h1>Gallery</h1>${tags.join('')}`, contentType: 'text/html' });
    const audit = await client().audits.create({ url: `${env.host.url}/big-page.html`, suggest: true });
    expect(audit.job?.url).toBe(`/api/v1/jobs/${audit.job?.id}`);
    expect(audit.summary.suggested).toBe(0);
    const polled: string[] = [];
    const done = await client().audits.waitFor(audit, { intervalMs: 50, onPoll: (job) => polled.push(job.id) });
    expect(new Set(polled)).toEqual(new Set([audit.job!.id]));
    expect(done.summary).toMatchObject({ images: 51, missing: 51, suggested: 51 });
    expect(done.images.every((image) => (image.suggestion ?? '').length > 0)).toBe(true);
  });

  it('a job over an EPUB: the book back with the approved alts (jobs.epub), its images with XMP (jobs.imagesZip); typed 404s', { timeout: 120_000 }, async () => {
    const created = await client().jobs.createFromFiles([{ path: 'harbours.epub', bytes: await epub3() }]);
    expect(created.total).toBe(3);
    const done = await client().jobs.waitFor(created.id, { intervalMs: 50, timeoutMs: 30_000 });
    expect(done.status).toBe('completed');
    const items = (await client().jobs.results(created.id)).items;
    for (const item of items) expect((await env.server.request('PATCH', `/api/v1/jobs/${created.id}/results/${item.id}`, { apiKey, body: { status: 'approved' } })).status).toBe(200);
    const book = await openBook(Buffer.from(await client().jobs.epub(created.id)));
    expect(book.documents.flatMap((document) => document.images).filter((image) => image.alt.state === 'missing')).toEqual([]);
    const zip = await client().jobs.imagesZip(created.id, { embedSuffix: '(AI-generated)' });
    expect(Buffer.from(zip.subarray(0, 4)).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    await expect(client({ apiKey: otherKey }).jobs.epub(created.id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    // A job of URLs has no images to give back: a typed 404 (the 409 before the end: job-images-zip.api.test.ts).
    const urls = await client().jobs.create({ items: [{ imageUrl: await env.hostImage() }] });
    await client().jobs.waitFor(urls.id, { intervalMs: 50 });
    await expect(client().jobs.imagesZip(urls.id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a job on the Free plan with a typed 403', async () => {
    const free = client({ apiKey: await keyFor('free') });
    await expect(free.jobs.create({ items: [{ imageUrl: await env.hostImage() }] })).rejects.toMatchObject({ code: 'plan_forbidden', status: 403 });
  });
});
