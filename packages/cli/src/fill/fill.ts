// altwise fill: finds the images without alt text in source files, describes each once, and
// writes the alt attribute at its exact offset. Existing alt text is a person's decision and stays.
import fs from 'node:fs';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { createTwoFilesPatch } from 'diff';
import { glob } from 'tinyglobby';
import type { DescribeCache } from './describe-cache';
import { imageKey } from './describe-cache';
import type { Edit } from './edits';
import { applyEdits, editFor } from './edits';
import { FILLABLE_EXTENSIONS, findImages } from './find-images';
import type { FoundImage } from './found-image';
import { createProgress } from './progress';

export interface FillOptions {
  patterns: string[];
  cwd: string;
  root: string;
  dryRun: boolean;
  review: boolean;
  includeDecorative: boolean;
  overwritePoor: boolean;
  concurrency: number;
  language?: string;
  maxLength?: number;
}

export interface FillIo {
  out(text: string): void;
  err(text: string): void;
  isTTY: boolean;
  /** Asks one question in the terminal (--review). */
  ask?(question: string): Promise<string>;
}

export interface Outcome {
  image: FoundImage;
  reason: string;
}

export interface FillReport {
  filled: FoundImage[];
  skipped: Outcome[];
  failed: Outcome[];
  filesChanged: string[];
}

const where = (image: FoundImage, cwd: string) => `${path.relative(cwd, image.file)}:${image.line}`;

async function mapPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, runner));
}

/** Which images get alt text, and why the others do not. */
async function chooseTargets(images: FoundImage[], client: Altwise, options: FillOptions, report: FillReport): Promise<FoundImage[]> {
  const targets: FoundImage[] = [];
  for (const image of images) {
    const alt = image.alt;
    if (alt.state === 'unknown') {
      report.skipped.push({ image, reason: alt.reason });
      continue;
    }
    if (alt.state === 'empty' && !options.includeDecorative) {
      report.skipped.push({ image, reason: 'alt="" marks it decorative (--include-decorative to describe it)' });
      continue;
    }
    if (alt.state === 'present') {
      if (!options.overwritePoor) continue;
      const verdict = await client.check(alt.value);
      // Only an error-level issue justifies replacing what a person wrote; warnings never do.
      if (!verdict.issues.some((issue) => issue.severity === 'error')) continue;
    }
    if (image.source.kind === 'unresolved') {
      report.skipped.push({ image, reason: image.source.reason });
      continue;
    }
    if (image.source.kind === 'file' && !fs.existsSync(image.source.path)) {
      report.failed.push({ image, reason: `image file not found: ${path.relative(options.cwd, image.source.path)}` });
      continue;
    }
    targets.push(image);
  }
  return targets;
}

async function review(image: FoundImage, altText: string, io: FillIo, cwd: string): Promise<string | null> {
  if (!io.ask) return altText;
  for (;;) {
    const answer = (await io.ask(`${where(image, cwd)} ${image.src}\n  alt="${altText}"\n  [a]ccept, [e]dit, [s]kip? `)).trim().toLowerCase();
    if (answer === '' || answer === 'a') return altText;
    if (answer === 's') return null;
    if (answer === 'e') {
      const edited = (await io.ask('  alt text: ')).trim();
      if (edited) return edited;
    }
  }
}

export async function fill(client: Altwise, cache: DescribeCache, options: FillOptions, io: FillIo): Promise<FillReport> {
  const report: FillReport = { filled: [], skipped: [], failed: [], filesChanged: [] };
  const files = (await glob(options.patterns, { cwd: options.cwd, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'] }))
    .filter((file) => FILLABLE_EXTENSIONS.includes(path.extname(file).toLowerCase()))
    .sort();
  const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const images = files.flatMap((file) => findImages(sources.get(file)!, file, { root: options.root }));
  const targets = await chooseTargets(images, client, options, report);

  // One description per picture, however often it appears.
  const byKey = new Map<string, FoundImage[]>();
  for (const image of targets) {
    const key = imageKey(image.source)!;
    byKey.set(key, [...(byKey.get(key) ?? []), image]);
  }
  const described = new Map<string, string>();
  const progress = createProgress(io, byKey.size);
  await mapPool([...byKey.entries()], options.concurrency, async ([key, group]) => {
    const first = group[0]!;
    const cached = cache.get(key);
    if (cached !== undefined) {
      described.set(key, cached);
      progress.done(`cached    ${first.src} (${where(first, options.cwd)})`);
      return;
    }
    try {
      const input = first.source.kind === 'url' ? { url: first.source.url } : { file: (first.source as { path: string }).path };
      const result = await client.describe({ ...input, context: first.context || undefined, language: options.language, maxLength: options.maxLength });
      cache.set(key, result.altText);
      described.set(key, result.altText);
      progress.done(`described ${first.src} (${where(first, options.cwd)})`);
    } catch (error) {
      for (const image of group) report.failed.push({ image, reason: (error as Error).message });
      progress.done(`failed    ${first.src} (${where(first, options.cwd)}): ${(error as Error).message}`);
    }
  });
  progress.finish();

  const editsByFile = new Map<string, Edit[]>();
  for (const image of targets) {
    let altText = described.get(imageKey(image.source)!);
    if (altText === undefined) continue;
    if (options.review) {
      const decided = await review(image, altText, io, options.cwd);
      if (decided === null) {
        report.skipped.push({ image, reason: 'skipped in review' });
        continue;
      }
      altText = decided;
    }
    editsByFile.set(image.file, [...(editsByFile.get(image.file) ?? []), editFor(image, altText)]);
    report.filled.push(image);
  }

  for (const [file, edits] of editsByFile) {
    const before = sources.get(file)!;
    const after = applyEdits(before, edits);
    if (after === before) continue;
    report.filesChanged.push(file);
    const name = path.relative(options.cwd, file);
    if (options.dryRun) io.out(createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after));
    else fs.writeFileSync(file, after);
  }
  return report;
}

export function summary(report: FillReport, options: Pick<FillOptions, 'dryRun' | 'cwd'>): string {
  const verb = options.dryRun ? 'Would fill' : 'Filled';
  const lines = [`${verb} ${report.filled.length} image${report.filled.length === 1 ? '' : 's'} in ${report.filesChanged.length} file${report.filesChanged.length === 1 ? '' : 's'}.`];
  lines.push(`Skipped ${report.skipped.length}.`);
  for (const { image, reason } of report.skipped) lines.push(`  ${where(image, options.cwd)} ${image.src}: ${reason}`);
  lines.push(`Failed ${report.failed.length}.`);
  for (const { image, reason } of report.failed) lines.push(`  ${where(image, options.cwd)} ${image.src}: ${reason}`);
  return lines.join('\n');
}
