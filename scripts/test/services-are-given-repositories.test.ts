import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'server-architecture/services-are-given-repositories';

/**
 * The repository's own lint configuration, on code given as the file at `file`: the rule's messages only.
 * The import-x rules are off here: they resolve every import through the TypeScript projects, which this
 * rule does not need and which would make each case slow.
 */
describe('lint: a service is handed its repositories (docs/architecture.md)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off', 'import-x/no-restricted-paths': 'off' } } });
  });
  const messagesOf = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
  };

  const BUILDS = `import type { AppContext } from '../../platform/context';
import { createSettingsRepository } from './settings.repository';
export const make = (ctx: AppContext) => createSettingsRepository(ctx.db);
`;
  const IS_GIVEN = `import type { SettingsRepository } from './settings.repository';
export const make = (settings: SettingsRepository) => settings;
`;

  it('fails a service that imports a repository factory and builds the repository', { timeout: 120_000 }, async () => {
    expect(await messagesOf('apps/server/src/modules/users/settings.service.ts', BUILDS)).toEqual([
      expect.stringContaining("A service builds no repository ('./settings.repository')"),
      expect.stringContaining('A service builds no repository (createSettingsRepository)'),
    ]);
  });

  it('fails a module file that works as a service, whatever its name', { timeout: 120_000 }, async () => {
    expect(await messagesOf('apps/server/src/modules/usage/limit-alerts.ts', BUILDS)).toHaveLength(2);
    // A repository factory defined outside a *.repository.ts file is still not called by a service.
    const local = `import type { Kysely } from 'kysely';
export function createFilesRepository(db: Kysely<object>) { return { db }; }
export const reader = (db: Kysely<object>) => createFilesRepository(db);
`;
    expect(await messagesOf('apps/server/src/modules/jobs/job-files.ts', local)).toEqual([expect.stringContaining('(createFilesRepository)')]);
  });

  it('passes a service given its repository, importing only its type', { timeout: 120_000 }, async () => {
    expect(await messagesOf('apps/server/src/modules/users/settings.service.ts', IS_GIVEN)).toEqual([]);
  });

  it("passes the module's registration, and tests, which build repositories", { timeout: 120_000 }, async () => {
    expect(await messagesOf('apps/server/src/modules/users/users.module.ts', BUILDS)).toEqual([]);
    expect(await messagesOf('apps/server/src/modules/users/settings.api.test.ts', BUILDS)).toEqual([]);
  });
});
