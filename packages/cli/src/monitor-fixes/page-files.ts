// Which file of a folder a page of the site was built from: a page URL under the site's base URL
// maps to the few names a static site or a Markdown site generator gives it (`/a/` → a/index.html
// or a.md…). Exactly one existing file is an answer; none or several is said, never guessed. The
// URL is the crawled site's, so no `..`, encoded slash or link may lead out of the folder.
import fs from 'node:fs';
import path from 'node:path';
import { isInside, realPathOf } from '../fill/folder-guard';

export type PageFile = { ok: true; file: string } | { ok: false; reason: string };

const INDEX_NAMES = ['index.html', 'index.htm', 'index.md', 'index.mdx'];
const PAGE_EXTENSIONS = ['.html', '.htm'];

/** The relative names a page at `relative` (decoded, no leading slash) may be built from. */
export function candidateNames(relative: string): string[] {
  if (relative === '' || relative.endsWith('/')) {
    const folder = relative.slice(0, -1);
    return [...INDEX_NAMES.map((name) => relative + name), ...(folder ? [`${folder}.md`, `${folder}.mdx`] : [])];
  }
  const extension = path.posix.extname(relative).toLowerCase();
  if (PAGE_EXTENSIONS.includes(extension)) {
    const stem = relative.slice(0, -extension.length);
    return [relative, `${stem}.md`, `${stem}.mdx`];
  }
  if (extension !== '') return [];
  return [`${relative}.html`, `${relative}.htm`, `${relative}.md`, `${relative}.mdx`, ...INDEX_NAMES.map((name) => `${relative}/${name}`)];
}

/** The base URL with a path ending in "/" (a folder of the site). */
export function siteBase(baseUrl: string): URL {
  const base = new URL(baseUrl);
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  base.search = '';
  base.hash = '';
  return base;
}

export function pageFile(pageUrl: string, base: URL, folder: string): PageFile {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (page.origin !== base.origin || !page.pathname.startsWith(base.pathname)) return { ok: false, reason: `not under the base URL ${base.href}` };
  if (page.search) return { ok: false, reason: 'a page with a query string is not one file' };
  let relative: string;
  try {
    relative = decodeURIComponent(page.pathname.slice(base.pathname.length));
  } catch {
    return { ok: false, reason: 'its path is not valid percent-encoding' };
  }
  // An encoded slash, backslash or NUL would name another path than the URL shows.
  if (/[\\\0]/.test(relative) || relative.split('/').some((part) => part === '..' || part === '.')) return { ok: false, reason: 'refused: its path leads out of the folder' };
  const names = candidateNames(relative);
  if (names.length === 0) return { ok: false, reason: 'not a page built from an .html, .htm, .md or .mdx file' };
  const found: string[] = [];
  for (const name of names) {
    const file = path.join(folder, ...name.split('/'));
    if (!fs.existsSync(file)) continue;
    if (!isInside(file, [folder])) return { ok: false, reason: `refused: ${name} leads out of the folder` };
    if (!fs.statSync(realPathOf(file) ?? file).isFile()) continue;
    found.push(file);
  }
  if (found.length === 1) return { ok: true, file: found[0]! };
  if (found.length === 0) return { ok: false, reason: `no source file for it (looked for ${names.join(', ')})` };
  return { ok: false, reason: `several files could be its source (${found.map((file) => path.relative(folder, file)).join(', ')}): not guessed` };
}
