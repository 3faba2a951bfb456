import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

describe('JSON bodies', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    ({ token } = await registerUser(server));
  });
  afterAll(() => server.close());

  const post = (body: string) =>
    server.request('POST', '/api/v1/alt-text/check', { token, body, headers: { 'content-type': 'application/json' } });

  it('refuses prototype poisoning, invalid and empty JSON with a 400', async () => {
    for (const body of ['{"altText":"A red bicycle","__proto__":{"admin":true}}', '{"altText":', '']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(response.body.error.code).toBe('bad_request');
    }
  });

  it('parses UTF-8 bodies', async () => {
    const response = await post(JSON.stringify({ altText: 'Un vélo rouge appuyé contre un mur de briques' }));
    expect(response.status).toBe(200);
    expect(response.body.wcagCompliant).toBe(true);
  });
});
