// One case, every reader: `altwise lint` in each file syntax that can hold the markup, the model the
// GitHub Action runs (the action kit's lintSource), and the page audit (parse5 page walk + verdict).
// Each reports an outcome: fail (an error), warn (warnings only) or pass; a case states the outcome
// WCAG gives it, and every reader must give exactly that (issue 34: never two element models).
import path from 'node:path';
import { lintSource as actionLintSource } from '../../src/action-kit';
import { findImages, judgeFound } from '@altwise/engine/markup';
import { verdictOf } from '../../../../apps/server/src/modules/audits/audit-verdicts';
import { findPageImages } from '../../../../apps/server/src/modules/audits/page-images';

export type Outcome = 'fail' | 'warn' | 'pass';
export type LintSyntax = 'html' | 'md' | 'jsx' | 'tsx' | 'vue' | 'astro' | 'mdx';

export interface ConformanceCase {
  /** What WCAG says, and why (the technique). */
  readonly name: string;
  readonly markup: string;
  readonly expected: Outcome;
  /** Syntaxes that cannot hold the markup as written (JSX: a capitalised tag is a component). */
  readonly not?: readonly LintSyntax[];
}

const ALL: readonly LintSyntax[] = ['html', 'md', 'jsx', 'tsx', 'vue', 'astro', 'mdx'];
const DIR = '/conformance';

function fileFor(syntax: LintSyntax, markup: string): { name: string; source: string } {
  switch (syntax) {
    case 'html':
      return { name: 'page.html', source: `<!doctype html><html lang="en"><body>\n${markup}\n</body></html>\n` };
    case 'md':
      return { name: 'page.md', source: `---\nlang: en\n---\n# Page\n\n${markup}\n` };
    case 'mdx':
      return { name: 'page.mdx', source: `---\nlang: en\n---\n# Page\n\n<div>\n${markup}\n</div>\n` };
    case 'jsx':
    case 'tsx':
      return { name: `Page.${syntax}`, source: `export const Page = () => (\n  <div lang="en">\n${markup}\n  </div>\n);\n` };
    case 'vue':
      return { name: 'Page.vue', source: `<template>\n  <div lang="en">\n${markup}\n  </div>\n</template>\n` };
    case 'astro':
      return { name: 'Page.astro', source: `---\nconst title = 'Page';\n---\n<html lang="en"><body>\n${markup}\n</body></html>\n` };
  }
}

type Judged = { verdict: string; issues: ReadonlyArray<{ severity: string }> };
const outcomeOf = (judged: readonly Judged[]): Outcome => {
  const issues = judged.flatMap((entry) => (entry.verdict === 'missing' ? [{ severity: 'error' }] : entry.issues));
  return issues.some((issue) => issue.severity === 'error') ? 'fail' : issues.some((issue) => issue.severity === 'warning') ? 'warn' : 'pass';
};

const options = { cwd: DIR, config: { ignore: [], rules: {} }, language: 'en' };

/** Every reader's outcome on the case, and how many elements each saw. */
export function readersOf(testCase: ConformanceCase): Record<string, { outcome: Outcome; elements: number }> {
  const results: Record<string, { outcome: Outcome; elements: number }> = {};
  for (const syntax of ALL.filter((entry) => !testCase.not?.includes(entry))) {
    const { name, source } = fileFor(syntax, testCase.markup);
    const file = path.join(DIR, name);
    const found = findImages(source, file, { root: DIR });
    results[`lint ${syntax}`] = { outcome: outcomeOf(found.map((image) => judgeFound(image, 'en'))), elements: found.length };
    if (syntax === 'html') {
      const linted = actionLintSource(file, name, source, options);
      const findings = linted.flatMap((entry) => entry.findings);
      results['action'] = {
        outcome: findings.some((finding) => finding.severity === 'error') ? 'fail' : findings.length > 0 ? 'warn' : 'pass',
        elements: linted.length,
      };
    }
  }
  const page = findPageImages(fileFor('html', testCase.markup).source, new URL('https://example.com/page'));
  results['audit'] = { outcome: outcomeOf(page.images.map((image) => verdictOf(image, image.language))), elements: page.images.length };
  return results;
}

/** What every reader must say: the case's expected outcome, on the same number of elements. */
export function expectedOf(testCase: ConformanceCase, elements: number): Record<string, { outcome: Outcome; elements: number }> {
  const names = [...ALL.filter((entry) => !testCase.not?.includes(entry)).map((syntax) => `lint ${syntax}`), 'action', 'audit'];
  return Object.fromEntries(names.map((name) => [name, { outcome: testCase.expected, elements }]));
}
