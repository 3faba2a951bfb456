import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses and CIDRs, and `true` as one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.10', '::1']);
    const legacy = loadConfig({ TRUST_PROXY: 'true' });
    expect(legacy.trustProxy).toBe(1);
    expect(legacy.trustProxyWasTrue).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  for (const trustProxy of ['true', '1', '127.0.0.1/32']) {
    describe(`TRUST_PROXY=${trustProxy}`, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startTestServer('sqlite', { TRUST_PROXY: trustProxy });
      });
      afterAll(() => server.close());

      it('takes the right-most untrusted address, not the left entry a client writes', async () => {
        const { credentials } = await registerUser(server);
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 11; attempt += 1) {
          const response = await server.request('POST', '/api/auth/login', {
            body: { email: credentials.email, password: 'Wrong-password-1' },
            headers: { 'x-forwarded-for': `10.9.${attempt}.1, 198.51.100.7` },
          });
          statuses.push(response.status);
        }
        expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
        expect(statuses[10]).toBe(429);
      });
    });
  }
});
