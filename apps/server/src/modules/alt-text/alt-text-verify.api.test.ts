// Issue 36: verified alt text. `verify: true` reads the image `samples` times in parallel, the
// readings compared claim by claim: what they contradict each other on is `uncertain`.
import { altTextResultSchema } from '@altwise/shared';
import type { RecordedRequest } from '@altwise/test-support/fake-vision-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';
import { DEFAULT_FAKE_USAGE } from '@altwise/test-support/fake-vision-server';
import { unitsCharged } from '../usage/usage.test-support';

/** The fake model's answer by the reading's seed (none on the first), whatever order the calls arrive in. */
const readings = (texts: string[]) => (request: RecordedRequest) => ({ altText: texts[(request.body as { seed?: number }).seed ?? 0]! });

for (const database of DATABASES) {
  describe(`verify: several readings, disagreements flagged (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    let userId: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
      const session = await registerUser(env.server);
      token = session.token;
      userId = session.user.userId;
      await setPlan(env.server, userId, 'pro');
    });
    afterEach(() => env.vision!.reset());
    afterAll(() => env.close());

    const charged = () => unitsCharged(env.server, userId);

    it('three readings that disagree on a colour and a count: both uncertain, the majority alt, not compliant', async () => {
      env.vision!.setReply(readings(['Two red apples on a wooden table.', 'Three red apples on a wooden table.', 'Two orange apples on a wooden table.']));
      const before = env.vision!.calls;
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true } });
      expect(response.status).toBe(200);
      const result = altTextResultSchema.parse(response.body);
      // Three readings, one per seed (a slow machine may retry one: counted by seed, not by call).
      expect(new Set(env.vision!.requests.slice(before).map((request) => (request.body as { seed?: number }).seed ?? 0))).toEqual(new Set([0, 1, 2]));
      expect(result).toMatchObject({ altText: 'Two red apples on a wooden table', verification: 'model', wcagCompliant: false, samples: 3 });
      expect(result.uncertain).toEqual(
        expect.arrayContaining([
          { kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
          { kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
        ]),
      );
      expect(result.uncertain).toHaveLength(2);
      expect(result.claims).toContainEqual({ text: 'red apples', kind: 'colour', support: 2, of: 3 });
      // Tokens of all three readings (a token count, not a time): the fake reports the same usage per call.
      expect(result.usage?.inputTokens).toBe(3 * DEFAULT_FAKE_USAGE.prompt_tokens);
      expect(result.usage?.outputTokens).toBe(3 * DEFAULT_FAKE_USAGE.completion_tokens);
    });

    it('three agreeing readings: nothing uncertain, compliant', async () => {
      env.vision!.setReply(readings(['Two dogs running on a beach.', '2 dogs running on the beach.', 'Two dogs run along a beach.']));
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ wcagCompliant: true, uncertain: [], agreement: 1, samples: 3 });
    });

    it('charges one unit per reading, `samples` readings (2–5); a plain request stays one unit', async () => {
      const used = await charged();
      env.vision!.setReply(readings(['A cat on a sofa.', 'A cat on a sofa.']));
      const two = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true, samples: 2 } });
      expect(two.status).toBe(200);
      expect(two.body).toMatchObject({ samples: 2 });
      expect(two.body.usage.inputTokens).toBeGreaterThanOrEqual(200);
      expect(await charged()).toBe(used + 2);
      const plain = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(plain.body.samples).toBeUndefined();
      expect(await charged()).toBe(used + 3);
      for (const samples of [1, 6]) {
        const refused = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true, samples } });
        expect(refused.status).toBe(400);
      }
    });

    it('verifies every image of a batch, charging readings × images', async () => {
      const used = await charged();
      env.vision!.setReply(readings(['A yellow taxi next to a green bus.', 'A yellow taxi next to a blue bus.', 'A yellow taxi next to a green bus.']));
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: [await env.hostImage(), await env.hostImage()], verify: true } });
      expect(response.status).toBe(200);
      for (const result of response.body.results) {
        expect(result).toMatchObject({ altText: 'A yellow taxi next to a green bus', wcagCompliant: false, uncertain: [{ kind: 'colour', readings: [{ value: 'green', count: 2 }, { value: 'blue', count: 1 }] }] });
      }
      expect(await charged()).toBe(used + 6);
    });
  });

  describe(`verify without a vision model (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
    });
    afterAll(() => env.close());

    it('answers the offline draft with a note that verification needs a model, charged one unit', async () => {
      const { token, user } = await registerUser(env.server);
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), verify: true } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification: 'draft', wcagCompliant: false });
      expect(response.body.uncertain).toBeUndefined();
      expect(response.body.issues.map((issue: { id: string }) => issue.id)).toContain('verification-needs-model');
      // Three units were admitted; the two readings never made go back.
      expect(await unitsCharged(env.server, user.userId)).toBe(1);
    });
  });
}
