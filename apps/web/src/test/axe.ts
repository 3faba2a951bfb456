import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core on a rendered component in jsdom: every rule that jsdom can evaluate (colour contrast
 * needs real layout, so axe reports it as incomplete here; the browser tests check it), any impact.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { resultTypes: ['violations'] });
  const found = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}
