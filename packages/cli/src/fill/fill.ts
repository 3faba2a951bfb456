// altwise fill: finds the images without alt text in source files, describes each once, and
// writes the alt attribute at its exact offset. Existing alt text is a person's decision and stays.
// The folder may be anyone's and the answers are a model's: nothing is read or written outside the
// folder, only images are uploaded, every answer is written as escaped text, and a draft (no vision
// model looked at the image) or an answer the server's checker found an error in is written only when
// the user says so.
import fs from 'node:fs';
import path from 'node:path';
import type { ImagePurpose, Verification } from '@altwise/shared';
import type { Altwise } from '@altwise/sdk';
import { createTwoFilesPatch } from 'diff';
import { glob } from 'tinyglobby';
import type { AnswerError, CachedDescription, DescribeCache } from './describe-cache';
import { requestKey } from './describe-cache';
import type { Edit, FoundImage } from '@altwise/engine/markup';
import { applyEdits, editFor, FILLABLE_EXTENSIONS, findImages, plainAltText } from '@altwise/engine/markup';
import { isInside, realPathOf } from './folder-guard';
import { readLocalImage } from './image-bytes';
import { createProgress } from './progress';
import { draftWhy, errorsOf, errorWhy, verdictOf } from './verdict';
import pMap from 'p-map';

export interface FillOptions {
  patterns: string[];
  cwd: string;
  root: string;
  dryRun: boolean;
  review: boolean;
  includeDecorative: boolean;
  overwritePoor: boolean;
  /** Write drafts (alt text no vision model wrote) into the files too. */
  allowDrafts: boolean;
  /** Write answers the server's checker found an error-level issue in (e.g. a button's image that does not name the action). */
  allowErrors: boolean;
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

/** What happened to one image (or, for a file refused whole, to one file). */
export interface Outcome {
  file: string;
  line?: number;
  src?: string;
  reason: string;
}

export interface FillReport {
  filled: FoundImage[];
  /** Of the filled, those whose text is a draft (written with --allow-drafts, or shown by --dry-run). */
  drafts: FoundImage[];
  /** Of the filled, those with an error-level issue (written with --allow-errors, or shown by --dry-run). */
  withErrors: FoundImage[];
  /** Existing alt text the checker finds an error in, left as it is (without --overwrite-poor). */
  poorKept: Outcome[];
  skipped: Outcome[];
  /** Not done for safety or honesty: outside the folder, not an image, a draft without --allow-drafts, an answer with an error without --allow-errors. */
  refused: Outcome[];
  failed: Outcome[];
  filesChanged: string[];
}

/** The request for one image: the picture, and what is asked of its description. */
interface Request {
  picture: { url: string } | { bytes: Buffer; fileName: string };
  language?: string;
  purpose?: ImagePurpose;
}

const outcome = (image: FoundImage, reason: string): Outcome => ({ file: image.file, line: image.line, src: image.src, reason });
const where = (image: FoundImage, cwd: string) => `${path.relative(cwd, image.file)}:${image.line}`;

/** Which images get alt text (and the request for each), and why the others do not. */
async function chooseTargets(images: FoundImage[], client: Altwise, options: FillOptions, report: FillReport): Promise<Map<FoundImage, Request>> {
  const targets = new Map<FoundImage, Request>();
  const folders = [options.cwd, options.root];
  // Every existing alt is checked (the same rule --overwrite-poor applies), so the poor ones kept are counted.
  const poor = new Map<FoundImage, AnswerError[]>();
  await pMap(
    images.filter((image) => image.alt.state === 'present'),
    async (image) => {
      if (image.alt.state !== 'present') return;
      const errors = errorsOf(await client.check(image.alt.value, { language: options.language ?? image.language, purpose: image.purpose }));
      if (errors.length > 0) poor.set(image, errors);
    },
    { concurrency: options.concurrency },
  );
  for (const image of images) {
    const alt = image.alt;
    const language = options.language ?? image.language;
    if (alt.state === 'unknown') {
      report.skipped.push(outcome(image, alt.reason));
      continue;
    }
    if (alt.state === 'empty' && !options.includeDecorative) {
      report.skipped.push(outcome(image, 'alt="" marks it decorative (--include-decorative to describe it)'));
      continue;
    }
    if (alt.state === 'present') {
      // Only an error-level issue justifies replacing what a person wrote; warnings never do.
      const errors = poor.get(image);
      if (!errors) continue;
      if (!options.overwritePoor) {
        report.poorKept.push(outcome(image, `alt="${alt.value}": ${errorWhy(errors)}`));
        continue;
      }
    }
    if (image.source.kind === 'unresolved') {
      report.skipped.push(outcome(image, image.source.reason));
      continue;
    }
    let picture: Request['picture'];
    if (image.source.kind === 'url') picture = { url: image.source.url };
    else {
      const local = readLocalImage(image.source.path, folders, path.relative(options.cwd, image.source.path));
      if (!local.ok) {
        (local.refused ? report.refused : report.failed).push(outcome(image, local.reason));
        continue;
      }
      picture = { bytes: local.bytes, fileName: path.basename(image.source.path) };
    }
    targets.set(image, { picture, language, purpose: image.purpose });
  }
  return targets;
}

async function review(image: FoundImage, description: CachedDescription, errors: readonly AnswerError[], io: FillIo, cwd: string): Promise<string | null> {
  if (!io.ask) return description.altText;
  const draft = description.verification === 'draft' ? `\n  (a draft: ${draftWhy(description)}; accepting it makes it yours)` : '';
  const error = errors.length > 0 ? `\n  (${errorWhy(errors)}; accepting it makes it yours)` : '';
  for (;;) {
    const answer = (await io.ask(`${where(image, cwd)} ${image.src}\n  alt="${description.altText}"${draft}${error}\n  [a]ccept, [e]dit, [s]kip? `)).trim().toLowerCase();
    if (answer === '' || answer === 'a') return description.altText;
    if (answer === 's') return null;
    if (answer === 'e') {
      const edited = plainAltText(await io.ask('  alt text: '));
      if (edited) return edited;
    }
  }
}

/** The files the patterns name, each inside the working folder (a symlink out of it is refused). */
async function sourceFiles(options: FillOptions, report: FillReport): Promise<string[]> {
  const found = (await glob(options.patterns, { cwd: options.cwd, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'] }))
    .filter((file) => FILLABLE_EXTENSIONS.includes(path.extname(file).toLowerCase()))
    .sort();
  // One path per real file: a link to a folder inside the folder (./self -> .) would find it twice.
  const seen = new Set<string>();
  return found.filter((file) => {
    if (!isInside(file, [options.cwd])) {
      report.refused.push({ file, reason: 'refused: the file is outside the working folder' });
      return false;
    }
    const real = realPathOf(file) ?? file;
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

export async function fill(client: Altwise, cache: DescribeCache, options: FillOptions, io: FillIo): Promise<FillReport> {
  const report: FillReport = { filled: [], drafts: [], withErrors: [], poorKept: [], skipped: [], refused: [], failed: [], filesChanged: [] };
  const files = await sourceFiles(options, report);
  const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const images = files.flatMap((file) => findImages(sources.get(file)!, file, { root: options.root }));
  const targets = await chooseTargets(images, client, options, report);

  // One description per request (picture, language, purpose), however often it appears.
  const byKey = new Map<string, FoundImage[]>();
  const keyOf = new Map<FoundImage, string>();
  for (const [image, request] of targets) {
    const key = requestKey(request.picture, request);
    keyOf.set(image, key);
    byKey.set(key, [...(byKey.get(key) ?? []), image]);
  }
  const described = new Map<string, CachedDescription>();
  const progress = createProgress(io, byKey.size);
  await pMap([...byKey.entries()], async ([key, group]) => {
    const first = group[0]!;
    const draftMark = (description: CachedDescription) => (description.verification === 'draft' ? ' (draft)' : '');
    const cached = cache.get(key);
    if (cached !== undefined) {
      described.set(key, cached);
      progress.done(`cached    ${first.src} (${where(first, options.cwd)})${draftMark(cached)}`);
      return;
    }
    try {
      const request = targets.get(first)!;
      const input = 'url' in request.picture ? { url: request.picture.url } : { buffer: request.picture.bytes, fileName: request.picture.fileName };
      const result = await client.describe({ ...input, context: first.context || undefined, language: request.language, purpose: request.purpose, maxLength: options.maxLength });
      const altText = plainAltText(String(result.altText ?? ''));
      if (!altText) throw new Error('the server answered no alt text');
      const description: CachedDescription = { altText, ...verdictOf(result as { verification?: unknown; verificationReason?: unknown }), errors: errorsOf(result) };
      cache.set(key, description);
      described.set(key, description);
      progress.done(`described ${first.src} (${where(first, options.cwd)})${draftMark(description)}`);
    } catch (error) {
      for (const image of group) report.failed.push(outcome(image, (error as Error).message));
      progress.done(`failed    ${first.src} (${where(first, options.cwd)}): ${(error as Error).message}`);
    }
  }, { concurrency: options.concurrency });
  progress.finish();

  const editsByFile = new Map<string, Edit[]>();
  for (const image of targets.keys()) {
    const description = described.get(keyOf.get(image)!);
    if (description === undefined) continue;
    let altText = description.altText;
    let verification: Verification = description.verification;
    // A cache entry from before the errors were kept: the checker is asked (the same request's language and purpose).
    const request = targets.get(image)!;
    let errors = description.errors ?? errorsOf(await client.check(altText, { language: request.language, purpose: request.purpose }));
    if (options.review) {
      const decided = await review(image, description, errors, io, options.cwd);
      if (decided === null) {
        report.skipped.push(outcome(image, 'skipped in review'));
        continue;
      }
      // A person accepted or wrote it: it is theirs now, draft or not, error or not.
      [altText, verification, errors] = [decided, 'reviewed', []];
    }
    const isDraft = verification === 'draft';
    const hasErrors = errors.length > 0;
    // What stops the write, each with the flag that allows it; a dry run shows the text and lists the same.
    const held = [
      ...(isDraft && !options.allowDrafts ? [{ what: `a draft: ${draftWhy(description)}`, flag: '--allow-drafts' }] : []),
      ...(hasErrors && !options.allowErrors ? [{ what: errorWhy(errors), flag: '--allow-errors' }] : []),
    ];
    if (held.length > 0) {
      if (!options.dryRun) {
        report.refused.push(outcome(image, `refused: ${held.map(({ what, flag }) => `${what}; ${flag} writes it`).join('; and ')}`));
        continue;
      }
      const shown = held.map(({ what, flag }) => `${what.replace(/^a draft:/, 'draft:')}; shown above, written only with ${flag}`);
      report.refused.push(outcome(image, shown.join('; and ')));
    }
    if (isDraft) report.drafts.push(image);
    if (hasErrors) report.withErrors.push(image);
    editsByFile.set(image.file, [...(editsByFile.get(image.file) ?? []), editFor(image, altText)]);
    report.filled.push(image);
  }

  for (const [file, edits] of editsByFile) {
    const before = sources.get(file)!;
    const after = applyEdits(before, edits);
    if (after === before) continue;
    const name = path.relative(options.cwd, file);
    if (options.dryRun) io.out(createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after));
    else {
      // Checked again at the moment of writing: the folder may have changed while descriptions ran.
      const real = realPathOf(file);
      if (!real || !isInside(real, [options.cwd])) {
        report.refused.push({ file, reason: 'refused: the file is outside the working folder' });
        continue;
      }
      fs.writeFileSync(real, after);
    }
    report.filesChanged.push(file);
  }
  return report;
}

export function summary(report: FillReport, options: Pick<FillOptions, 'dryRun' | 'cwd' | 'allowDrafts' | 'allowErrors'>): string {
  const verb = options.dryRun ? 'Would fill' : 'Filled';
  const notes = [
    ...(report.drafts.length > 0 && options.allowDrafts ? [`${report.drafts.length} of them draft${report.drafts.length === 1 ? '' : 's'}, written with --allow-drafts`] : []),
    ...(report.withErrors.length > 0 && options.allowErrors ? [`${report.withErrors.length} with an error-level issue, written with --allow-errors`] : []),
  ];
  const noted = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  const lines = [`${verb} ${report.filled.length} image${report.filled.length === 1 ? '' : 's'} in ${report.filesChanged.length} file${report.filesChanged.length === 1 ? '' : 's'}${noted}.`];
  const entries = (outcomes: Outcome[]) => {
    for (const { file, line, src, reason } of outcomes) lines.push(`  ${path.relative(options.cwd, file)}${line ? `:${line}` : ''}${src ? ` ${src}` : ''}: ${reason}`);
  };
  const list = (title: string, outcomes: Outcome[]) => {
    lines.push(`${title} ${outcomes.length}.`);
    entries(outcomes);
  };
  if (report.poorKept.length > 0) {
    const count = report.poorKept.length;
    lines.push(`${count} poor alt${count === 1 ? '' : 's'} kept; --overwrite-poor replaces ${count === 1 ? 'it' : 'them'}.`);
    entries(report.poorKept);
  }
  list('Skipped', report.skipped);
  if (report.refused.length > 0) list('Refused', report.refused);
  list('Failed', report.failed);
  return lines.join('\n');
}
