import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../../test/png';
import { openCache, requestKey } from './describe-cache';
import { escapeAlt, findImages } from '@altwise/engine/markup';
import type { FillOptions } from './fill';
import { fill } from './fill';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-fill-'));
  fs.writeFileSync(path.join(dir, 'a.png'), PNG_BYTES);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in client: a fixed description (a model's unless told), the checker's error for file names. */
function stubClient(described: string[] = [], verdict: Record<string, unknown> = { verification: 'model' }, requests: Array<Record<string, unknown>> = []) {
  return {
    describe: async (input: { fileName?: string; url?: string } & Record<string, unknown>) => {
      described.push(input.fileName ?? input.url ?? '');
      requests.push(input);
      return { altText: 'A "small" boat & its crew', ...verdict };
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
  allowDrafts: false,
  allowErrors: false,
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
    expect(escapeAlt('A [draft] plan', 'markdown', '"')).toBe('A \\[draft\\] plan');
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

  it('a draft is refused without --allow-drafts, and stays a draft when it comes from the cache', async () => {
    const draft = { verification: 'draft', verificationReason: 'no_vision_model' };
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    const cache = path.join(dir, 'cache.json');
    const first = await fill(stubClient([], draft), openCache(cache), options(), quiet);
    expect(first.refused.map((entry) => entry.reason)).toEqual(['refused: a draft: no vision model described this image (no_vision_model); --allow-drafts writes it']);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toBe('<img src="a.png">');
    const described: string[] = [];
    const again = await fill(stubClient(described, { verification: 'model' }), openCache(cache), options(), quiet);
    expect(described).toEqual([]);
    expect(again.refused).toHaveLength(1);
    const allowed = await fill(stubClient(), openCache(cache), options({ allowDrafts: true }), quiet);
    expect(allowed.drafts).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toBe('<img src="a.png" alt="A &quot;small&quot; boat &amp; its crew">');
  });

  it('an answer that does not say who wrote it counts as a draft', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    const report = await fill(stubClient([], {}), openCache(path.join(dir, 'cache.json')), options(), quiet);
    expect(report.refused.map((entry) => entry.reason)).toEqual(['refused: a draft: the server did not say a vision model described this image; --allow-drafts writes it']);
  });

  it('--review: a draft a person accepts is theirs, and is written', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    const questions: string[] = [];
    const io = {
      ...quiet,
      ask: async (question: string) => {
        questions.push(question);
        return 'a';
      },
    };
    const report = await fill(stubClient([], { verification: 'draft', verificationReason: 'no_vision_model' }), openCache(path.join(dir, 'cache.json')), options({ review: true }), io);
    expect(questions[0]).toContain('(a draft: no vision model described this image (no_vision_model)');
    expect(report.refused).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toContain('alt="A &quot;small&quot; boat');
  });

  it('finds the purpose of an image that is all of a link or a button, in every syntax', () => {
    const purposes = (name: string, source: string) => findImages(source, path.join(dir, name), { root: dir }).map((image) => image.purpose);
    expect(purposes('a.html', '<a href="/home" title="Home page">\n  <img src="a.png">\n</a><a href="/x">Text <img src="a.png"></a><button aria-label="Search"><img src="a.png"></button>')).toEqual([
      { kind: 'link', href: '/home', label: 'Home page' },
      undefined,
      { kind: 'button', label: 'Search' },
    ]);
    expect(purposes('A.tsx', '<a href="/cart" aria-label="Cart"><img src="a.png" /></a><a href={url}><img src="a.png" /></a><button><img src="a.png" /> Buy</button>')).toEqual([
      { kind: 'link', href: '/cart', label: 'Cart' },
      { kind: 'link' },
      undefined,
    ]);
    expect(purposes('p.md', '[![](a.png)](https://example.com "Example")\n\n![](a.png)\n\n[See ![](a.png)](/x)\n')).toEqual([{ kind: 'link', href: 'https://example.com', label: 'Example' }, undefined, undefined]);
  });

  it('takes the language from the nearest lang, else the front matter; code-block langs (Vue) do not count', () => {
    const languages = (name: string, source: string) => findImages(source, path.join(dir, name), { root: dir }).map((image) => image.language);
    expect(languages('a.html', '<html lang="fr"><body><img src="a.png"><p lang="de-AT"><img src="a.png"></p><p lang="not a tag"><img src="a.png"></p></body></html>')).toEqual(['fr', 'de-AT', 'fr']);
    expect(languages('C.vue', '<template>\n<div lang="pt-BR"><img src="a.png"></div>\n<img src="a.png">\n</template>\n<script setup lang="ts">\n</script>\n')).toEqual(['pt-BR', undefined]);
    expect(languages('C.vue', '<template lang="pug">\nimg(src="a.png")\n</template><img src="a.png">')).toEqual([undefined]);
    expect(languages('p.md', '---\ntitle: Hola\nlocale: es_MX\n---\n![](a.png)\n<div lang="ca">\n\n![](a.png)\n\n</div>\n')).toEqual(['es-MX', 'ca']);
    expect(languages('p.mdx', '---\nlang: "it" # Italian\n---\n<img src="a.png" />\n')).toEqual(['it']);
    expect(languages('p.md', 'lang: es\n\n![](a.png)\n')).toEqual([undefined]);
  });

  it('sends the purpose and the language with the request, --language first, and asks the checker in that language', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<html lang="fr"><a href="/"><img src="a.png" alt="a.png"></a></html>');
    const requests: Array<Record<string, unknown>> = [];
    const checked: Array<Record<string, unknown>> = [];
    const client = stubClient([], { verification: 'model' }, requests);
    const checking = { ...client, check: async (altText: string, asked: Record<string, unknown>) => (checked.push(asked), client.check(altText)) } as unknown as Altwise;
    await fill(checking, openCache(path.join(dir, 'cache.json')), options({ overwritePoor: true, dryRun: true }), quiet);
    expect(requests.map(({ language, purpose }) => ({ language, purpose }))).toEqual([{ language: 'fr', purpose: { kind: 'link', href: '/' } }]);
    expect(checked).toEqual([{ language: 'fr', purpose: { kind: 'link', href: '/' } }]);
    await fill(checking, openCache(path.join(dir, 'other-cache.json')), options({ overwritePoor: true, dryRun: true, language: 'en-GB' }), quiet);
    expect(requests[1]!.language).toBe('en-GB');
  });

  it('escapes Markdown image text so it stays text: brackets, braces, tags, emphasis, backslashes', () => {
    expect(escapeAlt('a]b [c] {d} <e> *f* _g_ `h` \\ & | ~ !', 'markdown', '"')).toBe('a\\]b \\[c\\] \\{d\\} \\<e\\> \\*f\\* \\_g\\_ \\`h\\` \\\\ \\& \\| \\~ \\!');
    expect(escapeAlt('one\ntwo\u001b[31m\u0007 three', 'html', "'")).toBe('one two[31m three');
  });

  it('fills a file found twice through a link inside the folder once', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    fs.symlinkSync('.', path.join(dir, 'self'), 'dir');
    const described: string[] = [];
    const report = await fill(stubClient(described), openCache(path.join(dir, 'cache.json')), options({ patterns: ['**/*.html'] }), quiet);
    expect(report.filled.map((image) => path.relative(dir, image.file))).toEqual(['page.html']);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toBe('<img src="a.png" alt="A &quot;small&quot; boat &amp; its crew">');
  });

  it('a cached answer kept before its errors were: the checker is asked, and an error holds it back', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    const cache = path.join(dir, 'cache.json');
    // An entry written by an earlier version: a model's answer, no errors recorded.
    const key = requestKey({ bytes: PNG_BYTES }, {});
    fs.writeFileSync(cache, JSON.stringify({ version: 1, entries: { [key]: { altText: 'a.png', verification: 'model', at: '2026-01-01T00:00:00.000Z' } } }));
    const described: string[] = [];
    const report = await fill(stubClient(described), openCache(cache), options(), quiet);
    expect(described).toEqual([]);
    expect(report.refused.map((entry) => entry.reason)).toEqual(['refused: the checker found an error: file name (file-name); --allow-errors writes it']);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toBe('<img src="a.png">');
  });

  it('--review: the prompt says what the checker found, and an answer a person accepts is theirs', async () => {
    fs.writeFileSync(path.join(dir, 'page.html'), '<img src="a.png">');
    const questions: string[] = [];
    const client = {
      ...stubClient(),
      describe: async () => ({ altText: 'Magenta circle logo', verification: 'model', issues: [{ id: 'purpose-not-named', severity: 'error', message: 'says not what the button does' }] }),
    } as unknown as Altwise;
    const io = { ...quiet, ask: async (question: string) => (questions.push(question), 'a') };
    const report = await fill(client, openCache(path.join(dir, 'cache.json')), options({ review: true }), io);
    expect(questions[0]).toContain('(the checker found an error: says not what the button does (purpose-not-named); accepting it makes it yours)');
    expect(report.refused).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'page.html'), 'utf8')).toBe('<img src="a.png" alt="Magenta circle logo">');
  });
});
