import { describe, expect, it } from 'vitest';
import type { ConformanceCase } from './conformance-support';
import { expectedOf, readersOf } from './conformance-support';

// <input type="image">: a button drawn as a picture. Its alt is the button's name and says what it
// does (H36); alt="" names nothing, and it is focusable, so no role makes it presentational.
const CASES: ConformanceCase[] = [
  { name: 'no alt fails (H36, F65)', markup: '<input type="image" src="go.png" />', expected: 'fail' },
  { name: 'alt naming the action passes (H36)', markup: '<input type="image" src="go.png" alt="Search" />', expected: 'pass' },
  { name: 'alt="" leaves the button nameless', markup: '<input type="image" src="go.png" alt="" />', expected: 'fail' },
  { name: 'upper-case names are HTML', markup: '<INPUT TYPE="IMAGE" SRC="go.png" ALT="Submit order">', expected: 'pass', not: ['jsx', 'tsx', 'mdx'] },
  { name: 'aria-label names it', markup: '<input type="image" src="go.png" aria-label="Search the archive" />', expected: 'pass' },
  { name: 'role="presentation" cannot hide a focusable button (conflict rule)', markup: '<input type="image" src="go.png" role="presentation" />', expected: 'fail' },
  { name: 'a file name is not a name (F30)', markup: '<input type="image" src="go.png" alt="btn_submit_final.png" />', expected: 'fail' },
  { name: 'a plain text input is no image', markup: '<input type="text" name="q" /><img src="logo.png" alt="Harbour Office logo" />', expected: 'pass' },
  { name: 'title names it as the last resort', markup: '<input type="image" src="go.png" title="Search the archive" />', expected: 'pass' },
  { name: 'aria-labelledby names it', markup: '<input type="image" src="go.png" aria-labelledby="go-label" /><span id="go-label">Search the archive</span>', expected: 'pass' },
  { name: 'alt=" " names nothing', markup: '<input type="image" src="go.png" alt=" " />', expected: 'fail' },
];

describe('<input type="image">: lint (every syntax), the Action and the audit agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 1));
  });
});
