import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
// Workspace packages are TypeScript source; resolve them directly.
const alias = {
  '@altwise/shared': path.join(root, 'packages/shared/src/index.ts'),
  // Before '@altwise/engine', which would otherwise take the subpath as its own prefix.
  '@altwise/engine/quality': path.join(root, 'packages/engine/src/quality/quality-checker.ts'),
  '@altwise/engine/elements': path.join(root, 'packages/engine/src/elements/index.ts'),
  '@altwise/engine': path.join(root, 'packages/engine/src/index.ts'),
  '@altwise/sdk': path.join(root, 'packages/sdk/src/index.ts'),
  '@altwise/cli/action-kit': path.join(root, 'packages/cli/src/action-kit.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: { name: 'engine', include: ['packages/engine/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'sdk', include: ['packages/sdk/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'cli', include: ['packages/cli/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'github-action', include: ['integrations/github-action/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: path.join(root, 'apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
