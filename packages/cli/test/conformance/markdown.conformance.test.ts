import path from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { findImages, judgeFound } from '@altwise/engine/markup';
import { verdictOf } from '../../../../apps/server/src/modules/audits/audit-verdicts';
import { findPageImages } from '../../../../apps/server/src/modules/audits/page-images';
import type { Outcome } from './conformance-support';

// Markdown's own image syntax: `altwise lint` reads the .md and .mdx source; the audit reads the page
// a Markdown renderer (marked, CommonMark) makes of it. Both must give the outcome WCAG gives.
interface MarkdownCase {
  readonly name: string;
  readonly markdown: string;
  readonly expected: Outcome;
  /** How many images every reader must see (1 unless said): an outcome on no image at all is no verdict. */
  readonly elements?: number;
  /**
   * Where the rendered page cannot say what the source says: `![](src)` renders alt="", which a page
   * may mean as decorative (H67); in Markdown it is the only way to write no alt at all, so lint asks
   * for one (as MD045 does). The one place the two readers differ, on purpose.
   */
  readonly rendered?: Outcome;
}

const CASES: MarkdownCase[] = [
  { name: '![](src) has no alternative (F65)', markdown: '![](harbour.png)', expected: 'fail', rendered: 'pass' },
  { name: '![ ](src) is a space, not an alternative', markdown: '![ ](harbour.png)', expected: 'fail' },
  { name: 'a describing alt passes', markdown: '![Fishing boats moored in the harbour at dawn](harbour.png "Harbour")', expected: 'pass' },
  { name: '"image" is a placeholder (F30)', markdown: '![image](harbour.png)', expected: 'fail' },
  { name: 'a screenshot file name fails (F30)', markdown: '![Screen Shot 2022-06-26 at 7.41.30 PM](shot.png)', expected: 'fail' },
  { name: '"Photo of …" only announces an image (a warning)', markdown: '![Photo of fishing boats in the harbour](harbour.png)', expected: 'warn' },
  { name: 'a credit line is not an alternative (F30)', markdown: '![Photo by Jane Doe on Unsplash](harbour.png)', expected: 'fail' },
  { name: "a link's only image without alt leaves it nameless (F89)", markdown: '[![](badge.svg)](https://ci.example.com/build)', expected: 'fail' },
  { name: "a link's only image naming the destination passes", markdown: '[![Contact us](envelope.png)](/contact)', expected: 'pass' },
  { name: 'alt repeating the link text beside it is said twice (H2)', markdown: '[![Contact us](envelope.png) Contact us](/contact)', expected: 'warn' },
  { name: 'a reference image with alt passes', markdown: '![Fishing boats moored in the harbour at dawn][harbour]\n\n[harbour]: harbour.png', expected: 'pass' },
  { name: 'a reference image without alt fails', markdown: '![][harbour]\n\n[harbour]: harbour.png', expected: 'fail', rendered: 'pass' },
  { name: 'a destination in <angle brackets> is one image', markdown: '![Fishing boats moored in the harbour at dawn](<harbour at dawn.png>)', expected: 'pass' },
  { name: 'an image in inline code is an example: nothing to judge', markdown: 'Write `![](harbour.png)` in your page.', expected: 'pass', elements: 0 },
];

type Judged = { verdict: string; issues: ReadonlyArray<{ severity: string }> };
const outcomeOf = (judged: readonly Judged[]): Outcome => {
  const issues = judged.flatMap((entry) => (entry.verdict === 'missing' ? [{ severity: 'error' }] : entry.issues));
  return issues.some((issue) => issue.severity === 'error') ? 'fail' : issues.some((issue) => issue.severity === 'warning') ? 'warn' : 'pass';
};

function readersOf(testCase: MarkdownCase): Record<string, { outcome: Outcome; elements: number }> {
  const results: Record<string, { outcome: Outcome; elements: number }> = {};
  for (const name of ['page.md', 'page.mdx']) {
    const source = `---\nlang: en\n---\n# Page\n\n${testCase.markdown}\n`;
    const found = findImages(source, path.join('/conformance', name), { root: '/conformance' });
    results[`lint ${name}`] = { outcome: outcomeOf(found.map((image) => judgeFound(image, 'en'))), elements: found.length };
  }
  const html = `<!doctype html><html lang="en"><body>${marked.parse(testCase.markdown, { async: false })}</body></html>`;
  const page = findPageImages(html, new URL('https://example.com/page'));
  results['audit'] = { outcome: outcomeOf(page.images.map((image) => verdictOf(image, image.language))), elements: page.images.length };
  return results;
}

describe('Markdown images: lint (.md, .mdx) and the audit of the rendered page agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    const elements = testCase.elements ?? 1;
    expect(readersOf(testCase)).toEqual({
      'lint page.md': { outcome: testCase.expected, elements },
      'lint page.mdx': { outcome: testCase.expected, elements },
      audit: { outcome: testCase.rendered ?? testCase.expected, elements },
    });
  });
});
