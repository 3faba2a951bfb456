import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { AppContext } from '../../platform/context';
import { deriveKeys } from '../../platform/secrets';
import { createUserRepository } from '../users/user.repository';
import { createUserService } from '../users/user.service';
import { createApiKeyRepository } from './api-key.repository';
import { createApiKeyService } from './api-key.service';

describe('API key authentication under a burst', () => {
  const secret = randomBytes(32).toString('hex');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { APP_SECRET: secret });
  });
  afterAll(() => server.close());

  /** A service over the server's database that counts its reads of api_keys. */
  function countingService() {
    const counted = { keyReads: 0 };
    const counter: KyselyPlugin = {
      transformQuery(args) {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"api_keys"')) counted.keyReads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { db: server.app.db.withPlugin(counter), dialect: 'sqlite', keys: deriveKeys(secret), now: Date.now } as unknown as AppContext;
    const service = createApiKeyService(ctx, { keys: createApiKeyRepository(ctx.db), users: createUserService(ctx, createUserRepository(ctx.db)), quota: {}, usage: {}, revocations: {}, rateLimiter: {} } as never);
    return { service, counted };
  }

  it('reads a cold key once for 30 concurrent requests, and reads again after a revoke', async () => {
    const { token } = await registerUser(server);
    const created = await server.request('POST', '/api/v1/api-keys', { token, body: {} });
    const rawKey = created.body.apiKey as string;
    const { service, counted } = countingService();
    const callers = await Promise.all(Array.from({ length: 30 }, () => service.authenticate(rawKey)));
    expect(new Set(callers.map((caller) => caller?.apiKeyId))).toEqual(new Set([created.body.id]));
    expect(counted.keyReads).toBe(1);

    await server.request('DELETE', `/api/v1/api-keys/${created.body.id}`, { token });
    service.forgetRevoked({ kind: 'api-key', id: created.body.id });
    expect(await service.authenticate(rawKey)).toBeNull();
    expect(counted.keyReads).toBe(2);
  });
});
