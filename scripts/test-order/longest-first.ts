import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (group, then project, isolated files first), and inside a project the longest
 * files first, so that the run does not end on one long file while the other workers idle.
 *
 * Vitest orders by the durations it cached from the last run on this machine; a fresh clone (CI) has
 * none, and Vitest falls back to file size: `jobs-heal.api.test.ts`, small and a minute long, then
 * started last and ran alone for 40 s (issue 30). So when Vitest has no duration for a file, the one
 * recorded in durations.json (by path, in ms) is used; `npm run test:durations` records them again from
 * the local cache. A stale or missing entry only costs order, never a result; a file with no duration
 * at all runs first, as in Vitest's own order (it may be long).
 */
const recorded: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification): number => {
      const file = relative(root, spec.moduleId);
      return this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration ?? recorded[file] ?? Number.POSITIVE_INFINITY;
    };
    const duration = new Map(files.map((spec) => [spec, durationOf(spec)]));
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const longer = duration.get(b)! - duration.get(a)!;
      return Number.isNaN(longer) ? 0 : longer;
    });
  }
}
