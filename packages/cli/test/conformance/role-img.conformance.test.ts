import { describe, expect, it } from 'vitest';
import type { ConformanceCase } from './conformance-support';
import { expectedOf, readersOf } from './conformance-support';

// role="img" and <svg>: named by aria-label (ARIA6), aria-labelledby (ARIA10), an <svg>'s <title>,
// or title as the last resort; aria-hidden hides them.
const CASES: ConformanceCase[] = [
  { name: 'role="img" with aria-label passes (ARIA6)', markup: '<div role="img" aria-label="Four and a half stars out of five"></div>', expected: 'pass' },
  { name: 'role="img" without a name fails', markup: '<div role="img"></div>', expected: 'fail' },
  { name: 'role="img" named by aria-labelledby passes (ARIA10)', markup: '<span role="img" aria-labelledby="rating"></span><span id="rating">Rated four of five</span>', expected: 'pass' },
  { name: 'role="img" named by title, the last resort', markup: '<div role="img" title="Map of the bay with the ferry route"></div>', expected: 'pass' },
  { name: 'role="img" hidden is decorative', markup: '<div role="img" aria-hidden="true"></div>', expected: 'pass' },
  { name: 'role="img" with a placeholder name fails (F30)', markup: '<div role="img" aria-label="icon"></div>', expected: 'fail' },
  { name: '<svg role="img"> with a <title> passes', markup: '<svg role="img"><title>Harbour Office logo</title><path d="M0 0h1v1z" /></svg>', expected: 'pass' },
  { name: '<svg role="img"> with aria-label passes', markup: '<svg role="img" aria-label="Line chart of visits in May"><path d="M0 0h1v1z" /></svg>', expected: 'pass' },
  { name: '<svg role="img"> without a name fails', markup: '<svg role="img"><path d="M0 0h1v1z" /></svg>', expected: 'fail' },
  { name: '<svg aria-hidden="true"> is decorative', markup: '<svg aria-hidden="true"><path d="M0 0h1v1z" /></svg>', expected: 'pass' },
  { name: "an icon button's <svg> named by its <title> names the button: its title is not the button's text", markup: '<button type="button"><svg role="img"><title>Search</title><path d="M0 0h1v1z" /></svg></button>', expected: 'pass' },
  { name: "an icon link's <svg> whose <title> says nothing of the destination fails (F89)", markup: '<a href="/search"><svg role="img"><title>icon</title><path d="M0 0h1v1z" /></svg></a>', expected: 'fail' },
  { name: "an icon link's <svg> is the link's only content: its <title> must say where it goes (F89)", markup: '<a href="/search"><svg role="img"><title>Magnifying glass</title><path d="M0 0h1v1z" /></svg></a>', expected: 'fail' },
  { name: 'a role="img" icon beside the same link text is said twice (H2)', markup: '<a href="/rated"><span role="img" aria-label="Rated">★</span> Rated</a>', expected: 'warn' },
  { name: 'an unnamed icon beside its button text adds nothing a reader misses', markup: '<button type="button"><svg><path d="M0 0h1v1z" /></svg> Save</button>', expected: 'pass' },
  { name: 'alt does not name a role="img" element (not its attribute)', markup: '<div role="img" alt="Four stars out of five"></div>', expected: 'fail' },
  { name: 'a whitespace aria-label names nothing', markup: '<span role="img" aria-label="  "></span>', expected: 'fail' },
  { name: '<svg role="img"> with an empty <title> has no name', markup: '<svg role="img"><title> </title><path d="M0 0h1v1z" /></svg>', expected: 'fail' },
  { name: 'an emoji with role="img" and aria-label passes', markup: '<span role="img" aria-label="Thumbs up">👍</span>', expected: 'pass' },
];

describe('role="img" and <svg>: lint (every syntax), the Action and the audit agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 1));
  });
});
