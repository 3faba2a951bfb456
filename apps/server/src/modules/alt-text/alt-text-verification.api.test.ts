// Issue 19: who stands behind a result (draft | model), stored with the history, and the image's
// purpose (the link or button it is the only content of) reaching the describer and the checker.
import { altTextResultSchema, historyResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { distinctPng, setPlan, startAltTextEnv, uploadForm } from './alt-text.test-support';

/** The prompt the fake model was last sent (the user message's text parts). */
function lastPrompt(env: AltTextTestEnv): string {
  return env.vision!.lastRequest!.rawBody;
}

for (const database of DATABASES) {
  describe(`verification without a vision model: drafts (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    let userId: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
      const session = await registerUser(env.server);
      token = session.token;
      userId = session.user.userId;
    });
    afterAll(() => env.close());

    it('answers the offline describer as a draft, never compliant, and history keeps it a draft', async () => {
      const imageUrl = await env.hostImage();
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(response.status).toBe(200);
      expect(altTextResultSchema.parse(response.body)).toMatchObject({
        provider: 'offline',
        verification: 'draft',
        verificationReason: 'no_vision_model',
        wcagCompliant: false,
      });
      // The cached answer is a draft too.
      const again = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(again.body).toMatchObject({ cached: true, verification: 'draft', wcagCompliant: false });

      const history = await env.server.request('GET', '/api/v1/images?limit=5', { token });
      const items = historyResponseSchema.parse(history.body).items.filter((item) => item.imageUrl === imageUrl);
      expect(items).toHaveLength(2);
      for (const item of items) expect(item).toMatchObject({ verification: 'draft', verificationReason: 'no_vision_model', wcagCompliant: false });
      const stored = await env.server.app.db.selectFrom('generations').select(['verification']).where('user_id', '=', userId).where('source', '=', imageUrl).execute();
      expect(stored.map((row) => row.verification)).toEqual(['draft', 'draft']);
    });

    it('answers every image of a batch as a draft', async () => {
      await setPlan(env.server, userId, 'pro');
      const imageUrls = [await env.hostImage(), await env.hostImage()];
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls } });
      expect(response.status).toBe(200);
      expect(response.body.results).toHaveLength(2);
      for (const result of response.body.results) expect(result).toMatchObject({ verification: 'draft', wcagCompliant: false });
    });

    it('refuses an unknown purpose kind, JSON or multipart, with a 400', async () => {
      const imageUrl = await env.hostImage();
      const json = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl, purpose: { kind: 'banner' } } });
      expect(json.status).toBe(400);
      const form = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await distinctPng(), 'x.png', { purposeKind: 'banner' }) });
      expect(form.status).toBe(400);
      const hrefOnly = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await distinctPng(), 'x.png', { purposeHref: '/sale' }) });
      expect(hrefOnly.status).toBe(400);
    });
  });

  describe(`verification and purpose with a vision model (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    let userId: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
      const session = await registerUser(env.server);
      token = session.token;
      userId = session.user.userId;
    });
    afterAll(() => env.close());

    it('answers a vision model result as `model`, compliant when no error, and history keeps it', async () => {
      const imageUrl = await env.hostImage();
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ provider: 'openai-compatible', verification: 'model', wcagCompliant: true });
      expect(response.body.verificationReason).toBeUndefined();
      const history = await env.server.request('GET', '/api/v1/images?limit=1', { token });
      expect(history.body.items[0]).toMatchObject({ imageUrl, verification: 'model', wcagCompliant: true });
    });

    it('passes a JSON purpose to the model: the prompt names the link and its label', async () => {
      const imageUrl = await env.hostImage();
      const response = await env.server.request('POST', '/api/v1/images', {
        token,
        body: { imageUrl, purpose: { kind: 'link', href: 'https://shop.example/spring-sale', label: 'Spring sale on garden chairs' } },
      });
      expect(response.status).toBe(200);
      const prompt = lastPrompt(env);
      expect(prompt).toContain('This image is the only content of a link');
      expect(prompt).toContain('Spring sale on garden chairs');
      expect(prompt).toContain('spring-sale');
    });

    it('passes a multipart purpose (purposeKind, purposeLabel) to the model', async () => {
      const response = await env.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(await distinctPng(), 'cart.png', { purposeKind: 'button', purposeLabel: 'Add to basket', purposeHref: '' }),
      });
      expect(response.status).toBe(200);
      const prompt = lastPrompt(env);
      expect(prompt).toContain('This image is the only content of a button');
      expect(prompt).toContain('Add to basket');
    });

    it('passes a batch purpose to the model for every image', async () => {
      await setPlan(env.server, userId, 'pro');
      const imageUrls = [await env.hostImage(), await env.hostImage()];
      const before = env.vision!.requests.length;
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls, purpose: { kind: 'button', label: 'Open the menu' } } });
      expect(response.status).toBe(200);
      const sent = env.vision!.requests.slice(before);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const request of sent) expect(request.rawBody).toContain('Open the menu');
      for (const result of response.body.results) expect(result.verification).toBe('model');
    });

    it('checks hand-written alt text in the given language and for the given purpose', async () => {
      const altText = "Image d'un chat noir sur un canapé";
      const asFrench = await env.server.request('POST', '/api/v1/alt-text/check', { token, body: { altText, language: 'fr' } });
      const asEnglish = await env.server.request('POST', '/api/v1/alt-text/check', { token, body: { altText, language: 'en' } });
      expect(asFrench.body.issues.map((issue: { id: string }) => issue.id)).toContain('redundant-prefix');
      expect(asEnglish.body.issues.map((issue: { id: string }) => issue.id)).not.toContain('redundant-prefix');

      const link = await env.server.request('POST', '/api/v1/alt-text/check', { token, body: { altText: 'Blue arrow icon', purpose: { kind: 'link', label: 'Spring sale' } } });
      expect(link.status).toBe(200);
      expect(link.body).toMatchObject({ wcagCompliant: false, issues: [expect.objectContaining({ id: 'purpose-not-named', severity: 'error' })] });
    });

    it('documents verification, the purpose and the demo info in the OpenAPI document', async () => {
      const response = await env.server.request('GET', '/api/openapi.json');
      const text = JSON.stringify(response.body);
      const schemas = response.body.paths['/api/v1/images'].post;
      expect(JSON.stringify(schemas.responses['200'])).toContain('"verification"');
      const multipart = schemas.requestBody.content['multipart/form-data'].schema.properties;
      expect(Object.keys(multipart)).toEqual(expect.arrayContaining(['purposeKind', 'purposeHref', 'purposeLabel']));
      expect(JSON.stringify(schemas.requestBody.content['application/json'])).toContain('"purpose"');
      expect(JSON.stringify(response.body.paths['/api/v1/images'].get.responses['200'])).toContain('"verification"');
      expect(response.body.paths['/api/v1/demo'].get).toBeDefined();
      expect(text).toContain('no_vision_model');
    });
  });
}
