import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

/** The WordPress plugin's browser suite (npm run test:wordpress runs it after the PHPUnit units). */
export default defineConfig({
  root,
  resolve: { alias: { '@altwise/shared': path.join(root, 'packages/shared/src/index.ts') } },
  test: {
    name: 'wordpress',
    include: ['integrations/wordpress/test/**/*.e2e.ts'],
    environment: 'node',
    // The Altwise server process starts from a bundle of the server built once per run, with a copy of a
    // SQLite database migrated once per run (see those files).
    globalSetup: [path.join(root, 'apps/server/test/support/sqlite-template.ts'), path.join(root, 'apps/server/test/support/server-bundle.ts')],
    // Guards against a hang, as the web app's browser suites: wp-admin beside a full npm test is slow.
    testTimeout: 240_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
