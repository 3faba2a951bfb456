import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { timed } from './profile';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's source (550 KB), run only where the document has no axe yet. AxeBuilder evaluates its source
 * on every scan, twice in legacy mode (analyze() and again in inject()): ~60 ms of compiling each on
 * this machine, and a screen is often scanned more than once (both themes, each state).
 */
const AXE_ONCE = `if (!window.axe) {\n${axe.source}\n}`;

/** A scan of `page`: AxeBuilder with axe's source evaluated once per document. */
export const axeBuilder = (page: Page) => new AxeBuilder({ page, axeSource: AXE_ONCE });

/** Runs axe on the page (WCAG 2.0–2.2 A/AA) and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // Legacy mode: axe.run in the page itself, with the same rules and results. The default mode runs
  // axe in each frame and then opens a blank page to merge the frames' results, for cross-origin
  // iframes, which the app has none of (and the test browser reaches nothing off loopback); that
  // blank page and a second copy of axe made each scan about 1.5x as long. Violations only: axe then
  // keeps one node of the other result types. options() before withTags(): options() replaces the
  // runOnly that withTags() sets, and after it every rule ran, best-practice ones included.
  const results = await timed('axe', () => axeBuilder(page).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS).setLegacyMode(true).analyze());
  const report = results.violations
    .map(
      (violation) =>
        `- [${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
  if (results.violations.length > 0) console.error(`axe violations on ${label}:\n${report}`);
  expect(results.violations, `axe violations on ${label}:\n${report}`).toEqual([]);
}
