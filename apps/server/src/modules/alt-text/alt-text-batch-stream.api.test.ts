import { batchResponseSchema, batchStreamLineSchema } from '@altwise/shared';
import type { BatchStreamLine } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { distinctPng, setPlan, startAltTextEnv } from './alt-text.test-support';


for (const database of DATABASES) {
  describe(`POST /api/v1/images/batch as NDJSON (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { env: { BATCH_CONCURRENCY: '4' } });
    });
    afterAll(() => env.close());

    async function proUser() {
      const session = await registerUser(env.server);
      await setPlan(env.server, session.user.userId, 'pro');
      return session;
    }

    /** Sends the batch asking for NDJSON and reads each line as it arrives; `onLine` hears of each. */
    async function streamed(token: string, imageUrls: string[], headers: Record<string, string> = {}, onLine: (count: number) => void = () => {}) {
      const response = await fetch(`${env.server.url}/api/v1/images/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/x-ndjson', ...headers },
        body: JSON.stringify({ imageUrls }),
      });
      const lines: Array<{ line: BatchStreamLine }> = [];
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          lines.push({ line: batchStreamLineSchema.parse(JSON.parse(buffered.slice(0, newline))) });
          onLine(lines.length);
          buffered = buffered.slice(newline + 1);
        }
      }
      return { response, lines, rest: buffered };
    }

    it('answers a line per image as each finishes, the slow one last, then the summary', async () => {
      const { token } = await proUser();
      const slow = `${env.host.url}/images/slow-${Date.now()}.png`;
      // The slow image is served only once three lines have reached this client: an answer held back
      // until the end would never come (the test's timeout fails it).
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      env.host.set(new URL(slow).pathname, { body: await distinctPng(), contentType: 'image/png', gate });
      const urls = [slow, await env.hostImage(), `${env.host.url}/images/missing-${Date.now()}.png`, await env.hostImage()];
      const { response, lines, rest } = await streamed(token, urls, {}, (count) => count === 3 && openGate());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(rest).toBe('');
      expect(lines).toHaveLength(5);
      const items = lines.slice(0, 4).map(({ line }) => line as Extract<BatchStreamLine, { index: number }>);
      expect(new Set(items.map((item) => item.index))).toEqual(new Set([0, 1, 2, 3]));
      // The three quick images were on the wire before the slow one had even been served.
      expect(items[3]!.index).toBe(0);
      expect(items.find((item) => item.index === 2)!.result).toMatchObject({ imageUrl: urls[2], error: { code: 'image_unreachable' } });
      expect(lines[4]!.line).toEqual({ summary: { total: 4, succeeded: 3, failed: 1 } });
    });

    it('charges what the JSON answer charges: one unit per image', async () => {
      const { token } = await proUser();
      await streamed(token, [await env.hostImage(), await env.hostImage(), await env.hostImage()]);
      const history = await env.server.request('GET', '/api/v1/images?limit=10', { token });
      // One generation recorded (and charged) per image, as in the JSON answer.
      expect(history.body.items).toHaveLength(3);
    });

    it('keeps the JSON answer for other clients, and answers a refusal as the usual JSON error', async () => {
      const { token } = await proUser();
      const json = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: [await env.hostImage()] } });
      expect(json.status).toBe(200);
      expect(batchResponseSchema.parse(json.body).summary).toEqual({ total: 1, succeeded: 1, failed: 0 });

      const free = await registerUser(env.server);
      const refused = await fetch(`${env.server.url}/api/v1/images/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${free.token}`, 'content-type': 'application/json', accept: 'application/x-ndjson' },
        body: JSON.stringify({ imageUrls: [await env.hostImage()] }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('plan_forbidden');
    });

    it('replays an Idempotency-Key as the stored JSON answer and charges nothing again', async () => {
      const { token } = await proUser();
      const urls = [await env.hostImage(), await env.hostImage()];
      const first = await streamed(token, urls, { 'idempotency-key': 'stream-1' });
      expect(first.lines.at(-1)!.line).toEqual({ summary: { total: 2, succeeded: 2, failed: 0 } });
      const again = await fetch(`${env.server.url}/api/v1/images/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/x-ndjson', 'idempotency-key': 'stream-1' },
        body: JSON.stringify({ imageUrls: urls }),
      });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const body = batchResponseSchema.parse(await again.json());
      expect(body.summary).toEqual({ total: 2, succeeded: 2, failed: 0 });
      const history = await env.server.request('GET', '/api/v1/images?limit=10', { token });
      expect(history.body.items).toHaveLength(2);
    });

    it('lets a client that hung up mid-way resume with its Idempotency-Key: the stored results, charged once (as the API docs say)', async () => {
      const { token } = await proUser();
      const slow = `${env.host.url}/images/slow-hangup-${Date.now()}.png`;
      // The slow image is served only once the client has hung up.
      let hungUp = () => {};
      const gate = new Promise<void>((resolve) => (hungUp = resolve));
      env.host.set(new URL(slow).pathname, { body: await distinctPng(), contentType: 'image/png', gate });
      const urls = [slow, await env.hostImage(), await env.hostImage()];
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/x-ndjson', 'idempotency-key': 'hang-up-1' };
      const hangingUp = new AbortController();
      const first = await fetch(`${env.server.url}/api/v1/images/batch`, { method: 'POST', headers, body: JSON.stringify({ imageUrls: urls }), signal: hangingUp.signal });
      const reader = first.body!.getReader();
      // The first line arrives (a quick image), then the client hangs up while the slow one is still being fetched.
      expect((await reader.read()).value?.length).toBeGreaterThan(0);
      hangingUp.abort();
      await reader.cancel().catch(() => undefined);
      hungUp();

      const resumed = await fetch(`${env.server.url}/api/v1/images/batch`, { method: 'POST', headers, body: JSON.stringify({ imageUrls: urls }) });
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get('idempotent-replayed')).toBe('true');
      const body = batchResponseSchema.parse(await resumed.json());
      expect(body.summary).toEqual({ total: 3, succeeded: 3, failed: 0 });
      const history = await env.server.request('GET', '/api/v1/images?limit=10', { token });
      // Three images, three charges: the resume paid for nothing again.
      expect(history.body.items).toHaveLength(3);
    });
  });
}
