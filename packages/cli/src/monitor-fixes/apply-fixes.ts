// altwise monitor fixes --apply: a run's approved fix list written into the folder a site is built
// from (docs/monitors.md). Each page goes to its one source file (page-files.ts), each fix to its
// element (place-fixes.ts); a file is rewritten only where an alt changes, and only inside the folder
// (checked again when written). --dry-run and --patch give a unified diff instead.
import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { Edit } from '@altwise/engine/markup';
import { applyEdits } from '@altwise/engine/markup';
import { isInside, realPathOf } from '../fill/folder-guard';
import { oneLine } from '../monitor-output';
import type { Fix } from './place-fixes';
import { placeFixes } from './place-fixes';
import { pageFile, siteBase } from './page-files';

export interface FixPage {
  pageUrl: string;
  fixes: Fix[];
}

export interface ApplyOptions {
  folder: string;
  /** The URL the folder's root is served at. */
  baseUrl: string;
  /** Write nothing: the diff is the answer. */
  dryRun: boolean;
}

export interface AppliedFix {
  pageUrl: string;
  file?: string;
  line?: number;
  location: string;
  selector: string;
  imageUrl: string;
  suggestedAlt: string;
  reason: string;
}

export interface ApplyReport {
  placed: AppliedFix[];
  already: AppliedFix[];
  unplaced: AppliedFix[];
  filesChanged: string[];
  /** The changes as a unified diff (a/ and b/ paths relative to the folder). */
  patch: string;
}

export function applyFixes(pages: readonly FixPage[], options: ApplyOptions): ApplyReport {
  const folder = path.resolve(options.folder);
  const base = siteBase(options.baseUrl);
  const report: ApplyReport = { placed: [], already: [], unplaced: [], filesChanged: [], patch: '' };
  const sources = new Map<string, string>();
  const edits = new Map<string, Edit[]>();
  const taken = new Map<string, Map<number, string>>();
  const entry = (pageUrl: string, fix: Fix, reason: string, file?: string, line?: number): AppliedFix => ({
    pageUrl,
    ...(file && { file: path.relative(folder, file) }),
    ...(line && { line }),
    location: fix.location,
    selector: fix.selector,
    imageUrl: fix.imageUrl,
    suggestedAlt: fix.suggestedAlt,
    reason,
  });
  for (const page of pages) {
    const found = pageFile(page.pageUrl, base, folder);
    if (!found.ok) {
      report.unplaced.push(...page.fixes.map((fix) => entry(page.pageUrl, fix, found.reason)));
      continue;
    }
    const file = found.file;
    if (!sources.has(file)) sources.set(file, fs.readFileSync(file, 'utf8'));
    if (!taken.has(file)) taken.set(file, new Map());
    const placement = placeFixes(sources.get(file)!, file, path.relative(folder, file), page.pageUrl, page.fixes, taken.get(file)!);
    edits.set(file, [...(edits.get(file) ?? []), ...placement.edits]);
    for (const [list, outcomes] of [[report.placed, placement.placed], [report.already, placement.already], [report.unplaced, placement.unplaced]] as const) {
      list.push(...outcomes.map((outcome) => entry(page.pageUrl, outcome.fix, outcome.reason, file, outcome.line)));
    }
  }
  const patches: string[] = [];
  for (const [file, fileEdits] of edits) {
    const before = sources.get(file)!;
    const after = applyEdits(before, fileEdits);
    if (after === before) continue;
    const name = path.relative(folder, file).split(path.sep).join('/');
    patches.push(createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after));
    if (!options.dryRun) {
      // Checked again at the moment of writing: the folder may have changed since it was read.
      const real = realPathOf(file);
      if (!real || !isInside(real, [folder])) {
        report.unplaced.push(...report.placed.filter((fix) => fix.file === path.relative(folder, file)).map((fix) => ({ ...fix, reason: 'refused: the file now leads out of the folder' })));
        report.placed = report.placed.filter((fix) => fix.file !== path.relative(folder, file));
        continue;
      }
      fs.writeFileSync(real, after);
    }
    report.filesChanged.push(path.relative(folder, file));
  }
  report.patch = patches.join('');
  return report;
}

export function applySummary(report: ApplyReport, dryRun: boolean): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lines = [
    `${dryRun ? 'Would write' : 'Wrote'} ${count(report.placed.length, 'fix', 'fixes')} in ${count(report.filesChanged.length, 'file', 'files')}; ${report.already.length} already written.`,
  ];
  if (report.unplaced.length > 0) {
    lines.push(`Not placed ${report.unplaced.length}:`);
    for (const fix of report.unplaced) {
      lines.push(`  ${oneLine(fix.pageUrl)}${fix.file ? ` (${oneLine(fix.file)}${fix.line ? `:${fix.line}` : ''})` : ''} › ${oneLine(fix.location)} ${oneLine(fix.imageUrl)}: ${oneLine(fix.reason)}`);
    }
  }
  return lines.join('\n');
}
