import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-order/longest-first';

const root = import.meta.dirname;
// Workspace packages are TypeScript source; resolve them directly.
const alias = {
  '@altwise/shared': path.join(root, 'packages/shared/src/index.ts'),
  // Before '@altwise/engine', which would otherwise take the subpath as its own prefix.
  '@altwise/engine/quality': path.join(root, 'packages/engine/src/quality/quality-checker.ts'),
  '@altwise/engine/elements': path.join(root, 'packages/engine/src/elements/index.ts'),
  '@altwise/engine/markup': path.join(root, 'packages/engine/src/markup/index.ts'),
  '@altwise/engine/epub': path.join(root, 'packages/engine/src/epub/index.ts'),
  '@altwise/engine': path.join(root, 'packages/engine/src/index.ts'),
  '@altwise/sdk': path.join(root, 'packages/sdk/src/index.ts'),
  '@altwise/cli/action-kit': path.join(root, 'packages/cli/src/action-kit.ts'),
};

/*
 * Two groups of projects, one after the other (a worker count is per group in Vitest):
 *
 * 1. Computation (the contract, the engine, the web components, the repository checks): CPU-bound,
 *    so as many workers as cores.
 * 2. Services (the API suites, the SDK, the CLI and the Action, one project, each against real
 *    loopback servers, SQLite and, when TEST_DATABASE_URL is set, PostgreSQL): they wait on sockets
 *    and databases more than they compute, so three workers on two cores.
 *
 * Every project shares its workers between files (isolate: false): in a sample, two thirds of a
 * computation file's time was importing its modules, and each service file paid ~1.3 s of CPU
 * (more on a loaded machine) importing the server app again, which isolation repeats for every file.
 * The few files that cannot share a worker keep their own, in an "-isolated" project beside theirs,
 * each with the reason. The web components' files share one jsdom window per worker as well: their
 * setup file (apps/web/src/test/setup.ts) clears after each test what one leaves in it and in the
 * app's module-level state (issue 30: 173 s isolated, 74 s shared, one run each under load).
 * When the services first shared (issue 30), shuffled runs failed; rerun and read, the failures
 * came from the order of the tests inside a file, which --sequence.shuffle shuffles too, not from
 * the shared worker: tests that read what an earlier test of the file left (its monitor and runs,
 * its jobs, a count of anonymous events, an image host's hits, a clock moved on). Those now hold in
 * any order, or keep their order where each builds on the last ({ shuffle: false }); no service
 * file needs a worker of its own. The services also share the migrated databases their test
 * servers start from (DATABASE_TEMPLATES), a bundle of the server for the processes they start
 * (SERVER_BUNDLE) and, in the CLI's suites, a bundle of the CLI (CLI_BUNDLE).
 */
const CPU_WORKERS = 2;
// The services' timeouts guard against a hang, never measure speed: a suite of real processes that
// takes seconds alone takes minutes beside a second full run (issue 30), and must still pass.
const IO_WORKERS = 3;
const computation = { groupOrder: 0 };
// The services' test servers start from databases migrated once per run (see that file for why).
const DATABASE_TEMPLATES = path.join(root, 'apps/server/test/support/database-templates.ts');
// The suites that start real server processes start them from a bundle built once per run (see that file).
const SERVER_BUNDLE = path.join(root, 'apps/server/test/support/server-bundle.ts');
// The CLI's suites run the CLI from a bundle built once per run (see that file).
const CLI_BUNDLE = path.join(root, 'packages/cli/test/cli-bundle.ts');
const services = { groupOrder: 1 };
// Engine files that keep a worker of their own: two replace modules with vi.mock, and the OCR files'
// sharp renders their SVG text as an unsupported format once other files have run in the worker.
const engineIsolated = [
  'packages/engine/src/alt-text-engine.cache.test.ts',
  'packages/engine/src/alt-text-engine.hash-once.test.ts',
  'packages/engine/src/alt-text-engine.ocr.test.ts',
  'packages/engine/src/ocr/text-reader.test.ts',
  'packages/engine/src/ocr/text-reader.concurrency.test.ts',
];

// Web files that keep a worker of their own: they replace react-chartjs-2 with vi.mock, which a
// module cache shared with other files would not honour (relative to apps/web).
const webIsolated = [
  'src/components/charts/charts.test.tsx',
  'src/features/usage/usage-page.test.tsx',
  'src/features/dashboard/dashboard-page.test.tsx',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Inside each project the longest files first, also on a fresh clone (see that file).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'repo',
          include: ['scripts/test/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'engine',
          include: ['packages/engine/**/*.test.ts'],
          exclude: engineIsolated,
          environment: 'node',
          testTimeout: 60_000,
          isolate: false,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'engine-isolated',
          include: engineIsolated,
          environment: 'node',
          testTimeout: 60_000,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: path.join(root, 'apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webIsolated,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A guard against a hang, not a speed bound: a screen's test takes well under a second on
          // an idle machine, and past Vitest's 5 s default on a loaded one (seen: 9 s at load 22).
          testTimeout: 60_000,
          // Shared workers (isolate: false): one jsdom window and one module instance per worker serve
          // many files, so src/test/setup.ts clears what a test leaves there (toasts, the app's query
          // cache, storage, title). Without that, register-form.test and toaster.test failed in shuffled
          // shared runs: an earlier file's error toast still on screen, and a field's focus that waited on
          // an animation frame (useFieldErrors now focuses after React's commit).
          isolate: false,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: path.join(root, 'apps/web'),
          include: webIsolated,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 60_000,
          maxWorkers: CPU_WORKERS,
          sequence: computation,
        },
      },
      {
        resolve: { alias },
        test: {
          // The server's API suites and its clients' (the SDK, the CLI, the Action) in one project:
          // they all start the server app, and a project transforms and imports its modules apart from
          // another's (as four projects: 30.6 s of transform and 67.5 s of import, one: 14.5 s and 29.6 s;
          // 377 s against 358 s, one run each on the idle machine, issue 30).
          name: 'services',
          include: ['apps/server/**/*.test.ts', 'packages/sdk/**/*.test.ts', 'packages/cli/**/*.test.ts', 'integrations/github-action/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          isolate: false,
          maxWorkers: IO_WORKERS,
          sequence: services,
          globalSetup: [DATABASE_TEMPLATES, SERVER_BUNDLE, CLI_BUNDLE],
        },
      },
    ],
  },
});
