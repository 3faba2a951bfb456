import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Altwise, AltwiseError } from '@altwise/sdk';
import { distinctPng, startAltTextEnv } from '@altwise/server/alt-text-test-support';
import type { AltTextTestEnv } from '@altwise/server/alt-text-test-support';
import { registerUser } from '@altwise/server/test-support/test-server';

describe('@altwise/sdk against a real server', () => {
  let env: AltTextTestEnv;
  let apiKey: string;
  let token: string;

  beforeAll(async () => {
    env = await startAltTextEnv('sqlite');
    token = (await registerUser(env.server)).token;
    apiKey = (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey;
  });
  afterAll(() => env.close());

  const client = (options: ConstructorParameters<typeof Altwise>[0] = {}) => new Altwise({ apiKey, baseUrl: env.server.url, ...options });
  const historyLength = async () => (await env.server.request('GET', '/api/v1/images', { token })).body.items.length as number;

  it('describes an image by URL, by bytes and by file', async () => {
    const byUrl = await client().describe({ url: await env.hostImage(), context: 'A harbour at dusk' });
    expect(byUrl.altText.length).toBeGreaterThan(0);
    expect(byUrl.imageUrl).toContain(env.host.url);
    const byBuffer = await client().describe({ buffer: await distinctPng(), fileName: 'red-boat.png' });
    expect(byBuffer.altText.length).toBeGreaterThan(0);
    const fs = await import('node:fs');
    const path = `${env.server.dataDir}/lobster-pots.png`;
    fs.writeFileSync(path, await distinctPng());
    expect((await client().describe({ file: path })).altText.length).toBeGreaterThan(0);
  });

  it('says who stands behind a result: the offline describer gives a typed draft, never compliant', async () => {
    const result = await client().describe({ url: await env.hostImage(), purpose: { kind: 'link', href: '/pricing' } });
    const verification: 'draft' | 'model' | 'reviewed' = result.verification;
    expect(verification).toBe('draft');
    expect(result).toMatchObject({ verificationReason: 'no_vision_model', wcagCompliant: false });
  });

  it('checks alt text', async () => {
    const verdict = await client().check('IMG_2041.jpg');
    expect(verdict.wcagCompliant).toBe(false);
    expect(verdict.issues.map((issue) => issue.id)).toContain('camera-file-name');
    expect((await client().check('A red fishing boat moored at the harbour wall')).wcagCompliant).toBe(true);
  });

  it('creates, gets, lists and deletes audits', async () => {
    env.host.set('/page.html', { body: '<h1>Quay</h1><img src="/x.png"><img src="/y.png" alt="Nets drying in the sun">', contentType: 'text/html' });
    // The pictures exist: a picture that answers 404 is its own verdict, "broken".
    for (const name of ['/x.png', '/y.png']) env.host.set(name, { body: await distinctPng(), contentType: 'image/png' });
    const audit = await client().audits.create({ url: `${env.host.url}/page.html` });
    expect(audit.summary).toMatchObject({ images: 2, missing: 1, ok: 1 });
    expect((await client().audits.get(audit.id)).images).toHaveLength(2);
    expect(audit.job).toBeNull();
    expect((await client().audits.waitFor(audit)).id).toBe(audit.id);
    const page = await client().audits.list({ limit: 1 });
    expect(page.items.map((item) => item.id)).toEqual([audit.id]);
    expect(page.nextCursor).toBeNull();
    await client().audits.delete(audit.id);
    await expect(client().audits.get(audit.id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('throws typed errors: code, status and retryAfter', async () => {
    const error = await client({ apiKey: 'ak_live_wrong' }).check('x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AltwiseError);
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, retryAfter: null });
    const refused = await client().describe({ url: 'http://10.1.2.3/a.png' }).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ code: 'url_not_allowed', status: 400 });
  });

  it('retries a 429 after its Retry-After with the same Idempotency-Key', async () => {
    const keys: Array<string | null> = [];
    const waits: number[] = [];
    let calls = 0;
    const sdk = client({
      retry: { sleep: async (ms) => void waits.push(ms) },
      fetch: async (request) => {
        calls += 1;
        keys.push(request.headers.get('idempotency-key'));
        if (calls === 1) return Response.json({ error: { code: 'too_many_requests', message: 'slow down' } }, { status: 429, headers: { 'retry-after': '2' } });
        return fetch(request);
      },
    });
    const result = await sdk.describe({ url: await env.hostImage() });
    expect(result.altText.length).toBeGreaterThan(0);
    expect(waits).toEqual([2000]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives up on a 429 that asks to wait too long, with retryAfter set', async () => {
    const sdk = client({
      retry: { sleep: async () => undefined },
      fetch: async () => Response.json({ error: { code: 'quota_exceeded', message: 'Hourly limit' } }, { status: 429, headers: { 'retry-after': '3600' } }),
    });
    await expect(sdk.check('A boat')).rejects.toMatchObject({ code: 'quota_exceeded', status: 429, retryAfter: 3600 });
  });

  it('retries a lost 503 answer without charging twice (the server replays the first answer)', async () => {
    const before = await historyLength();
    const waits: number[] = [];
    let calls = 0;
    const sdk = client({
      retry: { sleep: async (ms) => void waits.push(ms), baseDelayMs: 100 },
      fetch: async (request) => {
        calls += 1;
        const response = await fetch(request);
        // The first answer is lost on the way back, as behind a failing proxy.
        if (calls === 1) return new Response('upstream went away', { status: 503 });
        return response;
      },
    });
    const result = await sdk.describe({ url: await env.hostImage() });
    expect(result.altText.length).toBeGreaterThan(0);
    expect(calls).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(75);
    expect(await historyLength()).toBe(before + 1);
  });
});
