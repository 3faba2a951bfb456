// Runs the checks over the files the patterns name: find every image (the same scanner `fill` uses),
// judge it, apply the configuration's severities and the file's altwise-ignore comments, keep only
// changed lines when asked. Reads files, writes nothing, asks no server.
import fs from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { FILLABLE_EXTENSIONS, findImages, imageIssues } from '@altwise/engine/markup';
import { realPathOf } from '../fill/folder-guard';
import type { ChangedLines } from './changed-lines';
import { ignoreDirectives, isSuppressed, suppressions } from './ignore-comments';
import type { LintConfig } from './lint-config';
import type { FoundImage } from '@altwise/engine/markup';
import type { LintFinding, LintReport } from './lint-report';
import { lineStarts, positionOf } from './source-positions';

export interface LintOptions {
  patterns: string[];
  cwd: string;
  config: LintConfig;
  /** --language: the alt text's language where the file does not say (before the config's). */
  language?: string;
  changed?: ChangedLines;
}

const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

export async function lintFiles(options: LintOptions): Promise<LintReport> {
  const found = await glob(options.patterns, { cwd: options.cwd, absolute: true, dot: false, ignore: [...ALWAYS_IGNORED, ...options.config.ignore] });
  const seen = new Set<string>();
  const files = found
    .filter((file) => FILLABLE_EXTENSIONS.includes(path.extname(file).toLowerCase()))
    .sort()
    .filter((file) => {
      // One report per real file: a link to a folder inside the folder would find it twice.
      const real = realPathOf(file) ?? file;
      if (seen.has(real)) return false;
      seen.add(real);
      return true;
    });
  const report: LintReport = { version: 1, findings: [], summary: { files: files.length, images: 0, errors: 0, warnings: 0, suppressed: 0 } };

  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const relative = path.relative(options.cwd, file).split(path.sep).join('/');
    const images = lintSource(file, relative, source, options);
    report.summary.images += images.length;
    for (const image of images) {
      if (!image.touched) continue;
      report.summary.suppressed += image.suppressed;
      for (const finding of image.findings) {
        report.findings.push(finding);
        report.summary[finding.severity === 'error' ? 'errors' : 'warnings'] += 1;
      }
    }
  }
  return report;
}

/** One image of a file, with what lint says of it (after the configuration and the ignore comments). */
export interface LintedImage {
  image: FoundImage;
  findings: LintFinding[];
  /** Findings an altwise-ignore comment silenced. */
  suppressed: number;
  /** Whether a changed line holds it (always, without `changed`). */
  touched: boolean;
}

/** Every image of one file and its findings; `relative` is how findings name the file. */
export function lintSource(file: string, relative: string, source: string, options: Omit<LintOptions, 'patterns'>): LintedImage[] {
  // The scanner needs only root for resolving src paths, which lint never opens.
  const images = findImages(source, file, { root: options.cwd });
  if (images.length === 0) return [];
  const fallbackLanguage = options.language ?? options.config.language;
  const starts = lineStarts(source);
  const spans = images.map((image) => image.span ?? { start: image.insertAt, end: image.insertAt });
  const silenced = suppressions(ignoreDirectives(source), spans.map((span) => span.start), (offset) => positionOf(starts, offset).line);

  return images.map((image, index) => {
    const start = positionOf(starts, spans[index]!.start);
    const end = positionOf(starts, spans[index]!.end);
    const linted: LintedImage = { image, findings: [], suppressed: 0, touched: !options.changed || options.changed.touches(file, start.line, end.line) };
    for (const issue of imageIssues(image, fallbackLanguage)) {
      const setting = options.config.rules[issue.ruleId];
      if (setting === 'off') continue;
      if (isSuppressed(silenced.get(index), issue.ruleId)) {
        linted.suppressed += 1;
        continue;
      }
      linted.findings.push({
        file: relative,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        ruleId: issue.ruleId,
        severity: setting === 'warn' ? 'warning' : setting === 'error' ? 'error' : issue.severity,
        message: issue.message,
        src: image.src,
        alt: image.alt.state === 'present' ? image.alt.value : image.alt.state === 'empty' ? '' : null,
        ...(image.language ?? fallbackLanguage ? { language: image.language ?? fallbackLanguage } : {}),
        ...(image.purpose ? { purpose: image.purpose } : {}),
      });
    }
    return linted;
  });
}
