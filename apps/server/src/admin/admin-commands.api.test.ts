import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';
import { createUserRepository } from '../modules/users/user.repository';
import { createUserService } from '../modules/users/user.service';
import type { AppContext } from '../platform/context';
import { runAdminCommand } from './admin-commands';

for (const database of DATABASES) {
  describe(`npm run admin (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, { BILLING_PROVIDER: 'none' });
    });
    afterAll(() => server.close());

    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const users = createUserService({ db: server.app.db, now: Date.now } as unknown as AppContext, createUserRepository(server.app.db));
      const code = await runAdminCommand(args, { users, print: (line) => lines.push(line) });
      return { code, output: lines.join('\n') };
    };

    it('set-plan gives a paid plan without billing, which the API and quotas then see', async () => {
      const { token, credentials } = await registerUser(server);
      const result = await run('set-plan', credentials.email.toUpperCase(), 'enterprise');
      expect(result).toEqual({ code: 0, output: `${credentials.email}: free → enterprise` });
      const profile = await server.request('GET', '/api/auth/profile', { token });
      expect(profile.body.user.plan).toBe('enterprise');
      const usage = await server.request('GET', '/api/v1/usage', { token });
      expect(usage.body.currentUsage.hour.limit).toBe(20000);
    });

    it('refuses an unknown plan, an unknown email and a bad command, changing nothing', async () => {
      const { token, credentials } = await registerUser(server);
      expect((await run('set-plan', credentials.email, 'platinum')).code).toBe(1);
      expect((await run('set-plan', 'nobody@example.com', 'pro')).code).toBe(1);
      expect((await run('set-plan', credentials.email)).code).toBe(2);
      expect((await server.request('GET', '/api/auth/profile', { token })).body.user.plan).toBe('free');
    });

    it('list-users lists every account with its plan', async () => {
      const { credentials } = await registerUser(server);
      const result = await run('list-users');
      expect(result.code).toBe(0);
      expect(result.output).toMatch(new RegExp(`^${credentials.email.replace(/[.]/g, '\\.')}\\tfree\\tactive\\t\\d{4}-`, 'm'));
    });
  });
}

describe('the admin command line', () => {
  it('runs from npm run admin against DATA_DIR and prints its usage for a bad command', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-admin-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', 'nonsense'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      expect(result.status).toBe(2);
      expect(result.stdout).toContain('set-plan <email> <plan>');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
