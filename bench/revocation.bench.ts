/**
 * Revocation across instances, run by bench/run.ts: two server processes on one PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server's `postgres` database; a fresh schema, dropped
 * after). A key revoked on one, and a logout-all on one, must be refused by the other within a
 * second (its session-version cache); the API suite (multi-instance.api.test.ts) checks that they are.
 */
import { randomUUID } from 'node:crypto';
import { call, startServerProcess, until } from '@altwise/server/test-support/server-process';
import { createPostgresSchema } from '@altwise/server/test-support/test-server';
import type { BenchRow } from './support/stats';

export async function benchRevocationAcrossInstances(): Promise<BenchRow[]> {
  const schema = await createPostgresSchema(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const env = { DATABASE_URL: schema.url, APP_SECRET: randomUUID() + randomUUID(), LOG_LEVEL: 'error' };
  const [a, b] = [await startServerProcess(env), await startServerProcess(env)];
  try {
    const registered = await call(a.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Bench', lastName: 'Mark', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: 'Correct-Horse-9' },
    });
    const token = registered.body.token as string;
    const created = await call(a.url, 'POST', '/api/v1/api-keys', { token, body: {} });
    const apiKey = created.body.apiKey as string;
    const check = (auth: { apiKey?: string; token?: string }) => call(b.url, 'POST', '/api/v1/alt-text/check', { ...auth, body: { altText: 'A red bicycle leaning on a wall' } });
    if ((await check({ apiKey })).status !== 200) throw new Error('revocation bench: the key does not work on B');

    let revokedAt = performance.now();
    await call(a.url, 'DELETE', `/api/v1/api-keys/${created.body.id}`, { token });
    await until('B to refuse the revoked key', async () => (await check({ apiKey })).status === 401, 30_000, 10);
    const keyMs = performance.now() - revokedAt;

    await call(b.url, 'GET', '/api/auth/profile', { token });
    revokedAt = performance.now();
    await call(a.url, 'POST', '/api/auth/logout-all', { token });
    await until('B to refuse the old access token', async () => (await call(b.url, 'GET', '/api/auth/profile', { token })).status === 401, 30_000, 10);
    const tokenMs = performance.now() - revokedAt;
    return [
      { name: 'revocation: a key revoked on one instance, refused by the other after (PostgreSQL, two processes)', measured: Math.round(keyMs), target: '< 1,000 ms', pass: keyMs < 1_000, unit: 'ms' },
      { name: 'revocation: access tokens after a logout-all on one instance, refused by the other after', measured: Math.round(tokenMs), target: '< 1,000 ms', pass: tokenMs < 1_000, unit: 'ms' },
    ];
  } finally {
    a.kill('SIGKILL');
    b.kill('SIGKILL');
    await Promise.all([a.exited, b.exited]);
    await schema.drop();
  }
}
