import { describe, expect, it } from 'vitest';
import type { ConformanceCase } from './conformance-support';
import { expectedOf, readersOf } from './conformance-support';

// <area> of an image map: each linked region's alt is its link's name (H24); the map's <img> has its
// own alt. An <area> without href links nowhere and needs none.
const map = (area: string) => `<img src="bay.png" alt="Map of the bay" usemap="#bay" /><map name="bay">${area}</map>`;
const CASES: ConformanceCase[] = [
  { name: 'a linked area with alt naming its destination passes (H24)', markup: map('<area shape="rect" coords="0,0,10,10" href="/north-quay" alt="North quay" />'), expected: 'pass' },
  { name: 'a linked area without alt fails (H24, F65)', markup: map('<area shape="rect" coords="0,0,10,10" href="/north-quay" />'), expected: 'fail' },
  { name: 'a linked area with alt="" is nameless', markup: map('<area shape="rect" coords="0,0,10,10" href="/north-quay" alt="" />'), expected: 'fail' },
  { name: 'aria-label names an area', markup: map('<area shape="rect" coords="0,0,10,10" href="/north-quay" aria-label="North quay" />'), expected: 'pass' },
  { name: 'a placeholder alt is not a name (F30)', markup: map('<area shape="rect" coords="0,0,10,10" href="/north-quay" alt="image" />'), expected: 'fail' },
];

describe('<area>: lint (every syntax), the Action and the audit agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    // The map's <img> and the area: two elements.
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 2));
  });

  it('an <area> without href is not a link: only the map image counts', () => {
    const testCase: ConformanceCase = { name: 'no href', markup: map('<area shape="rect" coords="0,0,10,10" />'), expected: 'pass' };
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 1));
  });
});
