// Scores `uncertain` against the scripted reading-sets of bench/fixtures/verify-reading-sets.json,
// written before the comparison code: a flagged entry is right when a person flagged the same
// kind with the same values (compared as the engine's language normalises them).
import fs from 'node:fs';
import path from 'node:path';
import { verifyReadings } from '@altwise/engine';
import type { Reading } from '@altwise/engine';

interface ReadingSet {
  readonly id: string;
  readonly language: string;
  readonly readings: ReadonlyArray<string | Reading>;
  readonly ocr?: string;
  readonly uncertain: ReadonlyArray<{ kind: string; values: string[] }>;
}

export const READING_SETS: readonly ReadingSet[] = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/verify-reading-sets.json'), 'utf8')) as { sets: ReadingSet[] }
).sets;

export interface EvalScore {
  readonly sets: number;
  readonly expected: number;
  readonly flagged: number;
  readonly correct: number;
  readonly precision: number;
  readonly recall: number;
  readonly misses: string[];
}

/** Words and text compare as written, after case and punctuation. */
const compared = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();

const signature = (kind: string, values: readonly string[], language: string) =>
  `${kind}:${values.map((value) => normalised(kind, value, language)).sort().join('|')}`;

function normalised(kind: string, value: string, language: string): string {
  if (kind === 'count') return String(value);
  if (kind === 'colour') {
    // A colour word's canonical colour: the engine's own lists decide "rot" = "rotes" = red.
    const result = verifyReadings({ language, readings: [{ altText: `${value} x` }, { altText: `${value} x` }] });
    return result.claims.find((claim) => claim.kind === 'colour')?.text.split(' ')[0]?.toLowerCase() ?? value.toLowerCase();
  }
  return compared(value);
}

export function evaluateUncertain(sets: readonly ReadingSet[] = READING_SETS): EvalScore {
  let expected = 0;
  let flagged = 0;
  let correct = 0;
  const misses: string[] = [];
  for (const set of sets) {
    const readings = set.readings.map((reading) => (typeof reading === 'string' ? { altText: reading } : reading));
    const result = verifyReadings({ language: set.language, readings, ocrText: set.ocr });
    const want = new Set(set.uncertain.map((entry) => signature(entry.kind, entry.values, set.language)));
    const got = result.uncertain.map((entry) => signature(entry.kind, entry.readings.map((reading) => reading.value), set.language));
    expected += want.size;
    flagged += got.length;
    for (const entry of got) {
      if (want.has(entry)) correct += 1;
      else misses.push(`${set.id}: flagged ${entry}`);
    }
    for (const entry of want) if (!got.includes(entry)) misses.push(`${set.id}: missed ${entry}`);
  }
  return {
    sets: sets.length,
    expected,
    flagged,
    correct,
    precision: flagged === 0 ? 1 : correct / flagged,
    recall: expected === 0 ? 1 : correct / expected,
    misses,
  };
}
