/**
 * `altwise lint` benchmark, run by bench/run.ts (or alone: node --import tsx bench/lint.bench.ts).
 * 2,000 generated files (Markdown, MDX, HTML, JSX, TSX, Vue: five images each, good and poor alt
 * text mixed): the real binary end to end (start-up included), and the lint pass against the
 * closest existing check, markdownlint's MD045 ("images should have alternate text"), on the same
 * 1,000 Markdown files in the same process. MD045 only sees a missing alt; lint judges each one
 * in its language, so the ratio is the price of judging, not a like-for-like race.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { lint as markdownlint } from 'markdownlint/sync';
import { lintFiles } from '../packages/cli/src/lint/lint-files';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const FILES = 2000;
const ROUNDS = 5;
const CLI_TARGET_S = 5;
const RATIO_TARGET = 5;
const BIN = path.resolve(import.meta.dirname, '../packages/cli/bin/altwise.mjs');

const ALTS = ['A lighthouse on a rocky cape at dusk', 'IMG_2041.jpg', 'image', 'Screenshot 2024-03-05 at 10.42.13', 'Two hikers cross a snowy ridge', ''];
const alt = (file: number, image: number) => ALTS[(file + image) % ALTS.length]!;

function markdown(file: number): string {
  const lines = [`# Page ${file}`, ''];
  for (let image = 0; image < 5; image += 1) lines.push(`Paragraph ${image} about the coast, the boats and the weather this week.`, '', `![${alt(file, image)}](images/p${file}-${image}.png)`, '');
  return lines.join('\n');
}
function markup(file: number, jsx: boolean): string {
  const images = Array.from({ length: 5 }, (_, image) => {
    const text = alt(file, image);
    return `    <p>Paragraph ${image} about the coast.</p>\n    <img src="/images/p${file}-${image}.png"${text || image % 2 ? ` alt="${text}"` : ''}${jsx ? ' /' : ''}>`;
  }).join('\n');
  return jsx ? `export const Page${file} = () => (\n  <main>\n${images}\n  </main>\n);\n` : `<main lang="en">\n${images}\n</main>\n`;
}

/** 2,000 files, two sevenths of them Markdown (.md); returns the folder and those. */
function generate(): { dir: string; markdownFiles: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-lint-bench-'));
  const markdownFiles: string[] = [];
  const kinds: Array<[string, (file: number) => string]> = [
    ['md', markdown],
    ['md', markdown],
    ['mdx', markdown],
    ['html', (file) => markup(file, false)],
    ['jsx', (file) => markup(file, true)],
    ['tsx', (file) => markup(file, true)],
    ['vue', (file) => `<template>\n${markup(file, false)}</template>\n`],
  ];
  for (let file = 0; file < FILES; file += 1) {
    const [extension, content] = kinds[file % kinds.length]!;
    const folder = path.join(dir, `section-${file % 20}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `page-${file}.${extension}`), content(file));
    if (extension === 'md') markdownFiles.push(path.join(folder, `page-${file}.${extension}`));
  }
  return { dir, markdownFiles };
}

async function timed(work: () => unknown | Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchLint(): Promise<BenchRow[]> {
  const { dir, markdownFiles } = generate();
  try {
    const config = { ignore: [], rules: {} };
    const cli = await timed(() => {
      const run = spawnSync(process.execPath, [BIN, 'lint', '**/*', '--format', 'json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (run.status !== 1) throw new Error(`altwise lint exited ${run.status}: ${run.stderr}`);
    });
    // Both read the files from disk each round, as a linter does.
    const ours = await timed(() => lintFiles({ patterns: ['**/*.md'], cwd: dir, config }));
    const md045 = await timed(() => markdownlint({ files: markdownFiles, config: { default: false, MD045: true } }));
    const cliSeconds = percentile(cli, 50) / 1000;
    const ourMs = percentile(ours, 50);
    const theirMs = percentile(md045, 50);
    return [
      {
        name: `altwise lint, ${FILES} files (6 kinds, 5 images each), whole CLI run, median`,
        measured: Number(cliSeconds.toFixed(2)),
        target: `< ${CLI_TARGET_S} s`,
        pass: cliSeconds < CLI_TARGET_S,
        unit: 's',
      },
      {
        name: `lint pass over ${markdownFiles.length} Markdown files vs markdownlint MD045 alone, median`,
        measured: Number(ourMs.toFixed(0)),
        baseline: Number(theirMs.toFixed(0)),
        ratio: Number((ourMs / theirMs).toFixed(2)),
        target: `≤ ${RATIO_TARGET}× MD045`,
        pass: ourMs / theirMs <= RATIO_TARGET,
        unit: 'ms',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchLint());
}
