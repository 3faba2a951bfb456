import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from './describe-cache';
import { escapeAlt } from './edits';
import type { FillOptions } from './fill';
import { fill } from './fill';
import { findImages } from './find-images';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-fill-'));
  fs.writeFileSync(path.join(dir, 'a.png'), 'not really a png');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in client: a fixed description, the checker's error for file names. */
function stubClient(described: string[] = []) {
  return {
    describe: async (input: { file?: string; url?: string }) => {
      described.push(input.file ?? input.url ?? '');
      return { altText: 'A "small" boat & its crew' };
    },
    check: async (altText: string) => ({
      wcagCompliant: !/\.png$/.test(altText),
      issues: /\.png$/.test(altText) ? [{ id: 'file-name', severity: 'error', message: 'file name' }] : altText === 'image of boat' ? [{ id: 'redundant', severity: 'warning', message: 'w' }] : [],
    }),
  } as unknown as Altwise;
}

const quiet = { out: () => undefined, err: () => undefined, isTTY: false };
const options = (overrides: Partial<FillOptions> = {}): FillOptions => ({
  patterns: ['**/*'],
  cwd: dir,
  root: dir,
  dryRun: false,
  review: false,
  includeDecorative: false,
  overwritePoor: false,
  concurrency: 2,
  ...overrides,
});

async function fillOne(name: string, source: string, overrides: Partial<FillOptions> = {}) {
  fs.writeFileSync(path.join(dir, name), source);
  const report = await fill(stubClient(), openCache(path.join(dir, 'cache.json')), options(overrides), quiet);
  return { text: fs.readFileSync(path.join(dir, name), 'utf8'), report };
}

describe('altwise fill', () => {
  it('draws a progress bar on a terminal: one frame per image, redrawn in place, and no log lines', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">\n<img src="https://example.com/b.png">\n<img src="https://example.com/c.png">\n<img src="a.png">\n');
    const chunks: string[] = [];
    const report = await fill(stubClient(), openCache(path.join(dir, 'cache.json')), options(), { out: () => undefined, err: (text) => void chunks.push(text), isTTY: true });
    expect(report.filled).toHaveLength(4);
    // Three distinct images (a.png twice is described once): 0/3 to 3/3 over a 30-column bar.
    const bar = (hashes: number, count: number) => `\r[${'#'.repeat(hashes)}${' '.repeat(30 - hashes)}] ${count}/3`;
    expect(chunks).toEqual([bar(0, 0), bar(10, 1), bar(20, 2), bar(30, 3), '\n']);
  });

  it('writes one plain line per image instead when the output is not a terminal', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">\n<img src="https://example.com/b.png">\n');
    const chunks: string[] = [];
    await fill(stubClient(), openCache(path.join(dir, 'cache.json')), options(), { out: () => undefined, err: (text) => void chunks.push(text), isTTY: false });
    expect(chunks.some((chunk) => chunk.includes('\r'))).toBe(false);
    expect(chunks.map((chunk) => chunk.split(' ')[0]).sort()).toEqual(['described', 'described']);
    expect(chunks.every((chunk) => chunk.endsWith('\n'))).toBe(true);
  });

  it('fills Vue and Astro <img> without an alt, leaves bound alts and dynamic srcs alone', async () => {
    const vue = await fillOne('Card.vue', '<template>\n  <img src="./a.png">\n  <img :src="photo">\n  <img src="./a.png" :alt="caption">\n</template>\n');
    expect(vue.text).toBe('<template>\n  <img src="./a.png" alt="A &quot;small&quot; boat &amp; its crew">\n  <img :src="photo">\n  <img src="./a.png" :alt="caption">\n</template>\n');
    expect(vue.report.skipped.map((entry) => entry.reason)).toEqual([':src is bound to an expression', 'alt is an expression']);
    const astro = await fillOne('page.astro', "---\nimport pic from './a.png';\n---\n<img src={pic} />\n");
    expect(astro.text).toBe("---\nimport pic from './a.png';\n---\n<img src={pic} alt=\"A &quot;small&quot; boat &amp; its crew\" />\n");
  });

  it('TSX: string expressions count as static, a JSX spread may hold an alt', async () => {
    const tsx = await fillOne('Hero.tsx', "export const Hero = (props: P) => (<div><img src={'./a.png'}/><img {...props} src=\"./a.png\" /></div>);\n");
    expect(tsx.text).toContain(`<img src={'./a.png'} alt="A &quot;small&quot; boat &amp; its crew"/>`);
    expect(tsx.report.skipped[0]!.reason).toContain('spread');
  });

  it('keeps alt="" unless --include-decorative, and replaces existing alt only when the checker finds an error', async () => {
    const html = '<img src="a.png" alt=""><img src="a.png" alt="a.png"><img src="a.png" alt="image of boat">';
    const kept = await fillOne('page.html', html, { overwritePoor: false });
    expect(kept.text).toBe(html);
    const poor = await fillOne('page.html', html, { overwritePoor: true });
    expect(poor.text).toBe('<img src="a.png" alt=""><img src="a.png" alt="A &quot;small&quot; boat &amp; its crew"><img src="a.png" alt="image of boat">');
    const decorative = await fillOne('page.html', '<img src="a.png" alt="">', { includeDecorative: true });
    expect(decorative.text).toBe('<img src="a.png" alt="A &quot;small&quot; boat &amp; its crew">');
  });

  it('Markdown: escapes brackets, skips code, resolves root-relative paths against --root', async () => {
    fs.mkdirSync(path.join(dir, 'docs'));
    const source = 'Intro `![](x.png)` text\n\n![](/a.png "Title")\n';
    const images = findImages(source, path.join(dir, 'docs/page.md'), { root: dir });
    expect(images).toHaveLength(1);
    expect(images[0]!.source).toEqual({ kind: 'file', path: path.join(dir, 'a.png') });
    expect(escapeAlt('A [draft] plan', { syntax: 'markdown', quote: '"' })).toBe('A \\[draft\\] plan');
  });

  it('HTML inside a comment or a <template> is handled like a browser parses it', () => {
    const images = findImages('<!-- <img src="a.png"> --><template><img src="a.png"></template>', path.join(dir, 'x.html'), { root: dir });
    expect(images).toHaveLength(1);
  });

  it('describes each picture once and reuses the cache on the next run', async () => {
    const described: string[] = [];
    fs.writeFileSync(path.join(dir, 'one.html'), '<img src="a.png"><img src="./a.png">');
    const cache = path.join(dir, 'cache.json');
    await fill(stubClient(described), openCache(cache), options({ dryRun: true }), quiet);
    expect(described).toHaveLength(1);
    await fill(stubClient(described), openCache(cache), options({ dryRun: true }), quiet);
    expect(described).toHaveLength(1);
  });
});
