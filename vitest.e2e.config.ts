import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-order/longest-first';

const root = import.meta.dirname;

/** Browser tests: the real server + built web app, driven in Chromium (npm run test:e2e). */
export default defineConfig({
  resolve: {
    // '@': the web app's own alias, so the reflow test can read the app's route table.
    alias: { '@altwise/shared': path.join(root, 'packages/shared/src/index.ts'), '@': path.join(root, 'apps/web/src') },
  },
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Each file's server process starts from a bundle of the server built once per run, with a copy of
    // a SQLite database migrated once per run (see those files; no PostgreSQL template: no server here uses it).
    globalSetup: [path.join(root, 'apps/server/test/support/sqlite-template.ts'), path.join(root, 'apps/server/test/support/server-bundle.ts')],
    // Guards against a hang, not speed targets: an axe scan of a page takes seconds on an idle
    // machine and a minute on a loaded one (seen at a load average of 20 on 2 cores).
    testTimeout: 240_000,
    hookTimeout: 300_000,
    // expect.poll's own default is 1 s: a list that takes longer to load beside another suite is not a
    // failure. 30 s is the guard (seen: the audit history list missed 1 s with two files running).
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time: each starts its own server on its own port with its own data folder, and
    // its own Chromium; the time is mostly waiting on the browser and the server, so two share two
    // cores well. Three were not reliably faster: ten files took 195 s against 238 s, then 184 s
    // against 186 s, with other work loading the machine (load average 15-35).
    maxWorkers: 2,
    // The longest files first, also on a fresh clone (see that file).
    sequence: { sequencer: LongestFirstSequencer },
    // A worker runs its files one after the other in one module graph: playwright, axe-core and the
    // helpers are imported once per worker, not once per file. Each file still starts its own
    // server, image host and Chromium (useE2EEnvironment) and stops them when it ends; the files
    // share no module state (no mocks, no environment writes).
    isolate: false,
  },
});
