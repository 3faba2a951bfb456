// Issue 36, VERIFY_PROVIDERS: the operator names a second provider, and a verified description's
// readings are spread over the main provider and it (reading n by the (n mod 2)th): two loopback
// fakes, the main one behind OPENAI_BASE_URL and the second (Ollama's OpenAI-compatible API) behind OLLAMA_BASE_URL.
import { altTextResultSchema } from '@altwise/shared';
import type { FakeVisionServer, RecordedRequest } from '@altwise/test-support/fake-vision-server';
import { DEFAULT_FAKE_USAGE, startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';

const seedOf = (request: RecordedRequest) => (request.body as { seed?: number }).seed ?? 0;
const modelOf = (request: RecordedRequest) => (request.body as { model?: string }).model;

for (const database of DATABASES) {
  describe(`VERIFY_PROVIDERS: readings spread over two providers (${database})`, () => {
    let second: FakeVisionServer;
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      second = await startFakeVisionServer();
      env = await startAltTextEnv(database, { model: true, env: { VERIFY_PROVIDERS: 'ollama:second-model', OLLAMA_BASE_URL: second.url.replace(/\/v1$/, '') } });
      const session = await registerUser(env.server);
      token = session.token;
      await setPlan(env.server, session.user.userId, 'pro');
    });
    afterEach(() => {
      env.vision!.reset();
      second.reset();
    });
    afterAll(async () => {
      await env.close();
      await second.close();
    });

    it('3 readings: 2 from the main provider, 1 from the second; the second’s dissent is uncertain, the majority alt returned', async () => {
      const main = env.vision!;
      main.setReply(() => ({ altText: 'A red car parked by a white fence.' }));
      second.setReply(() => ({ altText: 'An orange car parked by a white fence.' }));
      const [mainBefore, secondBefore] = [main.requests.length, second.requests.length];
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true } });
      expect(response.status).toBe(200);
      // Each fake received its share, by the readings' seeds (a retried call keeps its seed).
      expect(new Set(main.requests.slice(mainBefore).map(seedOf))).toEqual(new Set([0, 2]));
      expect(new Set(second.requests.slice(secondBefore).map(seedOf))).toEqual(new Set([1]));
      // The second provider runs its own model, not ALT_MODEL's.
      expect(second.requests.slice(secondBefore).map(modelOf)).toContain('second-model');
      const result = altTextResultSchema.parse(response.body);
      expect(result).toMatchObject({ altText: 'A red car parked by a white fence', samples: 3, wcagCompliant: false, verification: 'model' });
      expect(result.uncertain).toEqual([{ kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] }]);
      // Every reading's tokens, the second provider's included (token counts, not times).
      expect(result.usage?.inputTokens).toBe(3 * DEFAULT_FAKE_USAGE.prompt_tokens);
    });

    it('5 readings: 3 from the main provider, 2 from the second; unverified generations use the main provider only', async () => {
      const main = env.vision!;
      const [mainBefore, secondBefore] = [main.requests.length, second.requests.length];
      const verified = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true, samples: 5 } });
      expect(verified.status).toBe(200);
      expect(new Set(main.requests.slice(mainBefore).map(seedOf))).toEqual(new Set([0, 2, 4]));
      expect(new Set(second.requests.slice(secondBefore).map(seedOf))).toEqual(new Set([1, 3]));
      const plain = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(plain.status).toBe(200);
      // The plain reading (no seed) went to the main provider: the second still saw only its two readings.
      expect(new Set(second.requests.slice(secondBefore).map(seedOf))).toEqual(new Set([1, 3]));
    });
  });
}
