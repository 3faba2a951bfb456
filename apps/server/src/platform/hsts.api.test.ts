import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

describe('Strict-Transport-Security', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer('sqlite');
    proxied = await startTestServer('sqlite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('is not sent over plain HTTP, where browsers ignore it and it only misleads', async () => {
    const response = await direct.request('GET', '/api/v1/plans');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const response = await proxied.request('GET', '/api/v1/plans', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const plain = await proxied.request('GET', '/api/v1/plans', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const response = await direct.request('GET', '/api/v1/plans', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
