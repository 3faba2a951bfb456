// What a run found, and what changed since the monitor's previous completed run. An occurrence is
// one image element on one page (the page URL and the element's selector); the two runs are
// compared occurrence by occurrence, in one pass over each (maps, never a join per pair).
import type { MonitorRun } from '@altwise/shared';

export interface ComparedOccurrence {
  page_url: string;
  selector: string;
  image_key: string;
  image_url: string | null;
  location: string;
  accessible_name: string | null;
  verdict: string;
  issues: string;
}

export type RunFigures = Pick<
  MonitorRun,
  'distinctImages' | 'occurrences' | 'failing' | 'new' | 'fixed' | 'regressed' | 'removed' | 'unchanged' | 'coverage' | 'rules' | 'comparedWith' | 'changes'
>;

/** Verdicts that fail: no acceptable text alternative. */
export const FAILING_VERDICTS: ReadonlySet<string> = new Set(['missing', 'poor', 'broken']);
const FAILING = FAILING_VERDICTS;
/** Worse is higher: an acceptable alternative, a poor one, none (or a picture that does not load). */
const RANK: Record<string, number> = { ok: 0, decorative: 0, poor: 1, missing: 2, broken: 2 };
/** Changes listed in the summary (the counts cover every one). */
export const MAX_LISTED_CHANGES = 100;

const keyOf = (occurrence: ComparedOccurrence) => `${occurrence.page_url}\u0000${occurrence.selector}`;
const named = (name: string | null) => name !== null && name.trim() !== '';

/**
 * Regressed: the verdict got worse, or a name the image had disappeared (alt="Acme" became alt=""
 * hides a picture that was announced). Fixed: it was failing and is not any more.
 */
function changeOf(before: ComparedOccurrence, after: ComparedOccurrence): 'regressed' | 'fixed' | null {
  const was = RANK[before.verdict] ?? 2;
  const now = RANK[after.verdict] ?? 2;
  if (now > was || (named(before.accessible_name) && !named(after.accessible_name))) return 'regressed';
  if (FAILING.has(before.verdict) && !FAILING.has(after.verdict)) return 'fixed';
  return null;
}

export function compareRuns(current: readonly ComparedOccurrence[], previous: readonly ComparedOccurrence[] | null, previousRunId: string | null): RunFigures {
  const images = new Set<string>();
  const rules: Record<string, number> = {};
  let failing = 0;
  for (const occurrence of current) {
    images.add(occurrence.image_key);
    if (!FAILING.has(occurrence.verdict)) continue;
    failing += 1;
    for (const rule of occurrence.issues.split(' ').filter(Boolean)) rules[rule] = (rules[rule] ?? 0) + 1;
  }
  const figures: RunFigures = {
    distinctImages: images.size,
    occurrences: current.length,
    failing,
    new: current.length,
    fixed: 0,
    regressed: 0,
    removed: 0,
    unchanged: 0,
    coverage: current.length === 0 ? null : Math.round(((current.length - failing) / current.length) * 10_000) / 10_000,
    rules,
    comparedWith: previousRunId,
    changes: [],
  };
  if (!previous) return figures;
  const before = new Map(previous.map((occurrence) => [keyOf(occurrence), occurrence]));
  figures.new = 0;
  for (const occurrence of current) {
    const key = keyOf(occurrence);
    const earlier = before.get(key);
    if (!earlier) {
      figures.new! += 1;
      continue;
    }
    before.delete(key);
    const change = changeOf(earlier, occurrence);
    if (!change) {
      figures.unchanged! += 1;
      continue;
    }
    figures[change]! += 1;
    if (figures.changes!.length < MAX_LISTED_CHANGES) {
      figures.changes!.push({
        kind: change,
        pageUrl: occurrence.page_url,
        location: occurrence.location,
        imageUrl: occurrence.image_url,
        before: { verdict: earlier.verdict as never, accessibleName: earlier.accessible_name },
        after: { verdict: occurrence.verdict as never, accessibleName: occurrence.accessible_name },
      });
    }
  }
  // Occurrences only the previous run had: their page or element is gone.
  figures.removed = before.size;
  return figures;
}
