// altwise monitor fixes --apply: approved fixes go into the page's source file on exactly the element
// the run judged, escaped for the file's syntax, every other byte kept; a second apply changes
// nothing; what cannot be placed beyond doubt is listed, never guessed; nothing outside the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FixPage } from './apply-fixes';
import { applyFixes, applySummary } from './apply-fixes';

const SITE = 'https://site.example';
const INDEX = `<!doctype html>
<html lang="en">
<head><title>Home</title></head>
<body>
<header><a href="/"><img src="/logo.png"></a></header>
<main id="content">
<p><img src="photos/a.png" width="10"></p>
<p><img src='photos/a.png' alt=IMG_0001.png></p>
<p><img src="/chart.png" aria-label="Sales"></p>
</main>
</body>
</html>
`;
const POST = `---
title: Post
---
# Post

![](cat.png)

Text.

![old](/logo.png)
`;
const GALLERY = `<div><img src="g.png"></div><div><img src="g.png"></div><section><img src="h.png"><img src="h.png"></section>`;

const HOSTILE = 'Acme "home" <script>\nline two';
const fix = (selector: string, imageUrl: string, currentAlt: string | null, suggestedAlt: string) => ({ location: `at ${selector}`, selector, imageUrl, currentAlt, suggestedAlt });
const BODY = 'html > body:nth-of-type(1)';

const PAGES: FixPage[] = [
  {
    pageUrl: `${SITE}/`,
    fixes: [
      fix(`${BODY} > header:nth-of-type(1) > a:nth-of-type(1) > img:nth-of-type(1)`, `${SITE}/logo.png`, null, HOSTILE),
      fix('#content > p:nth-of-type(1) > img:nth-of-type(1)', `${SITE}/photos/a.png`, null, 'A red bicycle'),
      fix('#content > p:nth-of-type(2) > img:nth-of-type(1)', `${SITE}/photos/a.png`, 'IMG_0001.png', "A blue bicycle's bell"),
      fix('#content > p:nth-of-type(3) > img:nth-of-type(1)', `${SITE}/chart.png`, 'Sales', 'Sales rose 4%'),
    ],
  },
  {
    pageUrl: `${SITE}/blog/post/`,
    fixes: [
      fix('main > p:nth-of-type(1) > img:nth-of-type(1)', `${SITE}/blog/post/cat.png`, null, 'A cat [sleeping] *lazily* <b>'),
      // The layout's logo: not in the Markdown file, whose logo says "old".
      fix(`${BODY} > header:nth-of-type(1) > a:nth-of-type(1) > img:nth-of-type(1)`, `${SITE}/logo.png`, null, 'Acme home'),
    ],
  },
  // The served page wraps the gallery: no selector matches the file's. g.png: two texts, not guessed; h.png: one text, both placed.
  {
    pageUrl: `${SITE}/gallery.html`,
    fixes: [
      fix('main > div:nth-of-type(1) > img', `${SITE}/g.png`, null, 'First'),
      fix('main > div:nth-of-type(2) > img', `${SITE}/g.png`, null, 'Second'),
      fix('main > section > img:nth-of-type(1)', `${SITE}/h.png`, null, 'A heron'),
      fix('main > section > img:nth-of-type(2)', `${SITE}/h.png`, null, 'A heron'),
    ],
  },
  { pageUrl: `${SITE}/missing.html`, fixes: [fix('img', `${SITE}/x.png`, null, 'X')] },
  { pageUrl: 'https://other.example/', fixes: [fix('img', 'https://other.example/x.png', null, 'X')] },
  { pageUrl: `${SITE}/..%2F..%2Foutside.html`, fixes: [fix('img', `${SITE}/x.png`, null, 'X')] },
  { pageUrl: `${SITE}/about/`, fixes: [fix('img', `${SITE}/about/x.png`, null, 'X')] },
  { pageUrl: `${SITE}/linked.html`, fixes: [fix('html > body:nth-of-type(1) > img:nth-of-type(1)', `${SITE}/x.png`, null, 'X')] },
];

describe('altwise monitor fixes --apply', () => {
  let root: string;
  let folder: string;
  let outside: string;
  const read = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-fixes-'));
    folder = path.join(root, 'site');
    fs.mkdirSync(path.join(folder, 'blog'), { recursive: true });
    fs.mkdirSync(path.join(folder, 'about'));
    fs.writeFileSync(path.join(folder, 'index.html'), INDEX);
    fs.writeFileSync(path.join(folder, 'blog', 'post.md'), POST);
    fs.writeFileSync(path.join(folder, 'gallery.html'), GALLERY);
    fs.writeFileSync(path.join(folder, 'about', 'index.html'), '<img src="x.png">');
    fs.writeFileSync(path.join(folder, 'about.md'), '![](x.png)');
    outside = path.join(root, 'outside.html');
    fs.writeFileSync(outside, '<img src="x.png">');
    fs.symlinkSync(outside, path.join(folder, 'linked.html'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes exactly the approved alts, escaped, and lists what it could not place', () => {
    const report = applyFixes(PAGES, { folder, baseUrl: `${SITE}/`, dryRun: false });
    expect(read('index.html')).toBe(
      INDEX.replace('<img src="/logo.png">', '<img src="/logo.png" alt="Acme &quot;home&quot; &lt;script&gt; line two">')
        .replace('<img src="photos/a.png" width="10">', '<img src="photos/a.png" alt="A red bicycle" width="10">')
        .replace("alt=IMG_0001.png>", 'alt="A blue bicycle\'s bell">'),
    );
    expect(read('blog/post.md')).toBe(POST.replace('![](cat.png)', '![A cat \\[sleeping\\] \\*lazily\\* \\<b\\>](cat.png)'));
    expect(read('gallery.html')).toBe(GALLERY.replace('<section><img src="h.png"><img src="h.png">', '<section><img src="h.png" alt="A heron"><img src="h.png" alt="A heron">'));
    expect(fs.readFileSync(outside, 'utf8')).toBe('<img src="x.png">');
    expect(read('about/index.html') + read('about.md')).toBe('<img src="x.png">![](x.png)');
    expect(report.placed.map((fix) => [fix.file, fix.suggestedAlt])).toEqual([
      ['index.html', HOSTILE],
      ['index.html', 'A red bicycle'],
      ['index.html', "A blue bicycle's bell"],
      ['blog/post.md', 'A cat [sleeping] *lazily* <b>'],
      ['gallery.html', 'A heron'],
      ['gallery.html', 'A heron'],
    ]);
    expect(report.filesChanged.sort()).toEqual(['blog/post.md', 'gallery.html', 'index.html']);
    expect(report.unplaced.map((fix) => [fix.pageUrl, fix.reason])).toEqual([
      [`${SITE}/`, 'it is named by aria-label, which an alt does not change: edit it by hand'],
      [`${SITE}/blog/post/`, 'no element in blog/post.md that shows this picture is announced as the run read it'],
      [`${SITE}/gallery.html`, "2 elements in gallery.html show this picture and none has the run's selector, and its fixes differ: not guessed"],
      [`${SITE}/gallery.html`, "2 elements in gallery.html show this picture and none has the run's selector, and its fixes differ: not guessed"],
      [`${SITE}/missing.html`, expect.stringMatching(/^no source file for it \(looked for missing\.html, missing\.md, missing\.mdx\)$/)],
      ['https://other.example/', `not under the base URL ${SITE}/`],
      [`${SITE}/..%2F..%2Foutside.html`, 'refused: its path leads out of the folder'],
      [`${SITE}/about/`, expect.stringContaining('several files could be its source')],
      [`${SITE}/linked.html`, 'refused: linked.html leads out of the folder'],
    ]);
    const summary = applySummary(report, false);
    expect(summary).toContain('Wrote 6 fixes in 3 files; 0 already written.');
    expect(summary).toContain('Not placed 9:');
  });

  it('changes nothing when applied a second time', () => {
    applyFixes(PAGES, { folder, baseUrl: `${SITE}/`, dryRun: false });
    const names = ['index.html', 'blog/post.md', 'gallery.html'];
    const written = names.map(read);
    const again = applyFixes(PAGES, { folder, baseUrl: `${SITE}/`, dryRun: false });
    expect(names.map(read)).toEqual(written);
    expect([again.placed.length, again.already.length, again.filesChanged, again.patch]).toEqual([0, 6, [], '']);
  });

  it('with a dry run writes nothing and gives the change as a patch', () => {
    const report = applyFixes(PAGES, { folder, baseUrl: `${SITE}/`, dryRun: true });
    expect(read('index.html')).toBe(INDEX);
    expect(report.placed).toHaveLength(6);
    expect(report.patch).toContain('--- a/index.html\n+++ b/index.html');
    expect(report.patch).toContain('+<p><img src="photos/a.png" alt="A red bicycle" width="10"></p>');
    expect(report.patch).toContain('--- a/blog/post.md');
  });

  it('refuses an element changed since the run, and maps pages under a base path', () => {
    fs.mkdirSync(path.join(folder, 'docs'));
    fs.writeFileSync(path.join(folder, 'docs', 'start.html'), '<img src="p.png" alt="Now fine">');
    const report = applyFixes([{ pageUrl: `${SITE}/en/docs/start.html`, fixes: [fix('html > body:nth-of-type(1) > img:nth-of-type(1)', `${SITE}/en/docs/p.png`, null, 'New')] }], { folder, baseUrl: `${SITE}/en`, dryRun: false });
    expect(report.unplaced.map((fix) => [fix.file, fix.line, fix.reason])).toEqual([['docs/start.html', 1, 'changed since the run: announced as "Now fine" now, nothing then']]);
    expect(read('docs/start.html')).toBe('<img src="p.png" alt="Now fine">');
  });
});
