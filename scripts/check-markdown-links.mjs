// Fails when a relative link or an #anchor in the repository's Markdown files leads nowhere: a file
// that is not there, or a heading that is not in the file linked to. Documents move (README sections
// went to docs/ and the packages' own READMEs); this keeps every link that pointed at them true.
// Links to other sites are not fetched (no network). Usage: node scripts/check-markdown-links.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';

const root = path.resolve(import.meta.dirname, '..');

/** Test fixtures hold broken links on purpose (the lint suite's pages with missing images). */
const FIXTURES = /(^|\/)(lint-)?fixtures\//;

/** Every Markdown file git knows or would add (tracked, or new and not ignored): node_modules never. */
function markdownFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => !FIXTURES.test(file) && fs.existsSync(path.join(root, file))).sort();
}

/**
 * GitHub's heading anchors: the text in lower case, with everything but letters, marks, digits,
 * connector punctuation, spaces and hyphens removed, spaces made hyphens; a repeated heading
 * gets -1, -2, … (the rule github-slugger implements).
 */
function anchorsOf(tree) {
  const anchors = new Set();
  const seen = new Map();
  const visit = (node) => {
    if (node.type === 'heading') {
      const base = toString(node).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return anchors;
}

/** Every link, image and link definition of a document, with its line. */
function linksOf(tree) {
  const links = [];
  const visit = (node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string') {
      links.push({ url: node.url, line: node.position?.start.line ?? 0 });
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return links;
}

export function checkLinks(files, readFile = (file) => fs.readFileSync(path.join(root, file), 'utf8'), exists = (file) => fs.existsSync(path.join(root, file))) {
  const trees = new Map();
  const treeOf = (file) => {
    if (!trees.has(file)) trees.set(file, fromMarkdown(readFile(file)));
    return trees.get(file);
  };
  const problems = [];
  for (const file of files) {
    for (const { url, line } of linksOf(treeOf(file))) {
      // Another site (https:, mailto:, …) or a protocol-relative address: not ours to check offline.
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
      const [rawPath, fragment] = url.split('#', 2);
      const target = rawPath === '' ? file : path.posix.normalize(rawPath.startsWith('/') ? rawPath.slice(1) : path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
      if (target.startsWith('..')) {
        problems.push(`${file}:${line}: ${url}: leads outside the tree being checked (the repository, or the package)`);
        continue;
      }
      if (!exists(target)) {
        problems.push(`${file}:${line}: ${url}: no such file (${target})`);
        continue;
      }
      if (fragment === undefined || !target.endsWith('.md')) continue;
      if (!anchorsOf(treeOf(target)).has(decodeURIComponent(fragment).toLowerCase())) {
        problems.push(`${file}:${line}: ${url}: no heading "#${fragment}" in ${target}`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = markdownFiles();
  const problems = checkLinks(files);
  for (const problem of problems) console.error(problem);
  console.log(`${files.length} Markdown files, ${problems.length} broken links`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
