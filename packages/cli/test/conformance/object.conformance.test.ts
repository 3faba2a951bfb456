import { describe, expect, it } from 'vitest';
import type { ConformanceCase } from './conformance-support';
import { expectedOf, readersOf } from './conformance-support';

// <object>: its text alternative is its fallback content (H53), or an ARIA name; hidden, it is decorative.
const CASES: ConformanceCase[] = [
  { name: 'no fallback content and no name fails (H53)', markup: '<object data="chart.png" type="image/png"></object>', expected: 'fail' },
  { name: 'fallback content is its text alternative (H53)', markup: '<object data="chart.png" type="image/png">Visits rose by a fifth in May</object>', expected: 'pass' },
  { name: 'aria-label names it', markup: '<object data="chart.png" type="image/png" aria-label="Line chart of visits in May"></object>', expected: 'pass' },
  { name: 'aria-hidden hides it: decorative', markup: '<object data="flourish.svg" type="image/svg+xml" aria-hidden="true"></object>', expected: 'pass' },
  { name: 'an <img> inside the fallback is not announced on its own', markup: '<object data="chart.svg" type="image/svg+xml"><img src="chart.png" alt="Line chart of visits in May" /></object>', expected: 'fail' },
  { name: 'title names it (the last resort)', markup: '<object data="chart.png" type="image/png" title="Line chart of visits in May"></object>', expected: 'pass' },
  { name: 'role="presentation" makes it decorative', markup: '<object data="flourish.png" type="image/png" role="presentation"></object>', expected: 'pass' },
  { name: 'whitespace fallback content is no alternative', markup: '<object data="chart.png" type="image/png">   </object>', expected: 'fail' },
];

describe('<object>: lint (every syntax), the Action and the audit agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 1));
  });
});
