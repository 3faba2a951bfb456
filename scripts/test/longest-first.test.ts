// The test order of a fresh clone (scripts/test-order/longest-first.ts): inside a project the longest
// files first, from Vitest's own cache when it has the file, else from durations.json; Vitest's group and
// project order kept.
import path from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongestFirstSequencer from '../test-order/longest-first';

const root = path.resolve(import.meta.dirname, '../..');
const cached: Record<string, number> = {};

function spec(project: string, file: string, groupOrder = 0): TestSpecification {
  return {
    moduleId: path.join(root, file),
    project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
  } as unknown as TestSpecification;
}

const ctx = {
  config: { root },
  cache: { getFileTestResults: (key: string) => (key in cached ? { duration: cached[key], failed: false } : undefined) },
} as unknown as Vitest;
const order = async (specs: TestSpecification[]) =>
  (await new LongestFirstSequencer(ctx).sort(specs)).map((s) => path.relative(root, s.moduleId));

describe('the longest-first test order', () => {
  it('starts the longest recorded file first on a fresh clone, and an unrecorded file before them', async () => {
    // jobs-heal is small and long: by size (Vitest's fallback) it came last.
    const files = ['apps/server/src/platform/lru-cache.test.ts', 'apps/server/src/modules/jobs/jobs-heal.api.test.ts', 'apps/server/src/new-file.test.ts'];
    expect(await order(files.map((file) => spec('server', file)))).toEqual([files[2], files[1], files[0]]);
  });

  it("prefers Vitest's own cached duration to the recorded one", async () => {
    const [short, long] = ['apps/server/src/platform/lru-cache.test.ts', 'apps/server/src/modules/jobs/jobs-heal.api.test.ts'];
    cached[`server:${short}`] = 10_000_000;
    try {
      expect(await order([spec('server', long), spec('server', short)])).toEqual([short, long]);
    } finally {
      delete cached[`server:${short}`];
    }
  });

  it('keeps groups and projects in their order, whatever the durations', async () => {
    const specs = [spec('server', 'apps/server/src/modules/jobs/jobs-heal.api.test.ts', 1), spec('web', 'apps/web/src/app/routes.test.tsx', 0), spec('cli', 'packages/cli/test/cli.api.test.ts', 1)];
    expect((await order(specs)).map((file) => file.split('/')[0] + '/' + file.split('/')[1])).toEqual(['apps/web', 'packages/cli', 'apps/server']);
  });
});
