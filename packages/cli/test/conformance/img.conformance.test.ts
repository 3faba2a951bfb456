import { describe, expect, it } from 'vitest';
import type { ConformanceCase } from './conformance-support';
import { expectedOf, readersOf } from './conformance-support';

// <img>: its alt is its text alternative (H37); alt="" marks it decorative (H67); accname's other
// sources (aria-labelledby, aria-label, title) name it too; hidden and presentational images are
// decorative (F38), unless focusable or carrying global ARIA (the conflict rule).
const CASES: ConformanceCase[] = [
  { name: 'no alt at all fails (F65)', markup: '<img src="harbour.png" />', expected: 'fail' },
  { name: 'alt="" is decorative (H67)', markup: '<img src="rule.png" alt="" />', expected: 'pass' },
  { name: 'alt=" " is not empty: it fails', markup: '<img src="rule.png" alt=" " />', expected: 'fail' },
  { name: 'a describing alt passes', markup: '<img src="harbour.png" alt="Fishing boats moored in the harbour at dawn" />', expected: 'pass' },
  { name: 'upper-case tag and attribute names are HTML', markup: '<IMG SRC="harbour.png" ALT="Fishing boats moored in the harbour at dawn">', expected: 'pass', not: ['jsx', 'tsx', 'mdx'] },
  { name: 'upper-case names without alt still fail', markup: '<IMG SRC="harbour.png">', expected: 'fail', not: ['jsx', 'tsx', 'mdx'] },
  { name: 'aria-label names it', markup: '<img src="harbour.png" aria-label="Fishing boats moored in the harbour at dawn" />', expected: 'pass' },
  { name: 'aria-labelledby names it with the referenced text', markup: '<img src="harbour.png" aria-labelledby="cap" /><p id="cap">Fishing boats moored in the harbour at dawn</p>', expected: 'pass' },
  { name: 'aria-labelledby pointing at nothing names nothing', markup: '<img src="harbour.png" aria-labelledby="nowhere" />', expected: 'fail' },
  { name: 'title names it as a last resort', markup: '<img src="harbour.png" title="Fishing boats moored in the harbour at dawn" />', expected: 'pass' },
  { name: 'aria-label is judged like an alt: a placeholder fails (F30)', markup: '<img src="harbour.png" aria-label="image" />', expected: 'fail' },
  { name: 'aria-hidden="true" is decorative', markup: '<img src="swirl.png" aria-hidden="true" />', expected: 'pass' },
  { name: 'aria-hidden with an alt is still hidden: decorative', markup: '<img src="swirl.png" alt="A swirl" aria-hidden="true" />', expected: 'pass' },
  { name: 'role="presentation" without alt is decorative (F38)', markup: '<img src="swirl.png" role="presentation" />', expected: 'pass' },
  { name: 'role="none" without alt is decorative', markup: '<img src="swirl.png" role="none" />', expected: 'pass' },
  { name: 'presentational but focusable is not presentational (conflict rule)', markup: '<img src="swirl.png" role="presentation" tabindex="0" />', expected: 'fail' },
  { name: 'presentational with a global ARIA attribute is not presentational', markup: '<img src="swirl.png" role="none" aria-describedby="note" /><p id="note">A note</p>', expected: 'fail' },
  { name: '"image" alone is not an alternative (F30)', markup: '<img src="harbour.png" alt="image" />', expected: 'fail' },
  { name: '"画像" alone is not an alternative (F30)', markup: '<p lang="ja"><img src="harbour.png" alt="画像" /></p>', expected: 'fail' },
  { name: 'a screenshot tool file name fails (F30)', markup: '<img src="shot.png" alt="CleanShot 2020-01-01 @12x" />', expected: 'fail' },
  { name: 'a spaced screenshot tool file name fails (F30)', markup: '<img src="shot.png" alt="Clean Shot 2022-06-26 at 7 41 30 PM" />', expected: 'fail' },
  { name: 'a screencast file name fails (F30)', markup: '<img src="shot.png" alt="Screencast 2020-01-01 @12x" />', expected: 'fail' },
  { name: '"Screenshot of …" says what it is: no redundant prefix', markup: '<img src="shot.png" alt="Screenshot of the new home page with its search box" />', expected: 'pass' },
  { name: "a link's only image with alt=\"\" leaves the link nameless (F89)", markup: '<a href="/home"><img src="logo.png" alt="" /></a>', expected: 'fail' },
  { name: "a link's only image hidden leaves the link nameless (F89)", markup: '<a href="/home"><img src="logo.png" alt="Home" aria-hidden="true" /></a>', expected: 'fail' },
  { name: "a link's only image naming the destination passes", markup: '<a href="/contact"><img src="envelope.png" alt="Contact us" /></a>', expected: 'pass' },
  { name: 'alt repeating the link text beside it is said twice (H2)', markup: '<a href="/contact"><img src="envelope.png" alt="Contact us" /> Contact us</a>', expected: 'warn' },
  { name: 'alt="" beside the link text is right (H2)', markup: '<a href="/contact"><img src="envelope.png" alt="" /> Contact us</a>', expected: 'pass' },
  { name: 'alt repeating the button text beside it is said twice (H2)', markup: '<button type="button"><img src="bin.png" alt="Delete" /> Delete</button>', expected: 'warn' },
  { name: 'alt repeating the text of its table cell is said twice (H2)', markup: '<table><tr><td><img src="flag-no.png" alt="Norway" /> Norway</td><td>5</td></tr></table>', expected: 'warn' },
  { name: 'alt repeating its header cell text, case and punctuation aside, is said twice (H2)', markup: '<table><tr><th><img src="pin.png" alt="Location:" /> location</th></tr></table>', expected: 'warn' },
  { name: 'alt="" beside the text of its table cell is right (H2)', markup: '<table><tr><td><img src="flag-no.png" alt="" /> Norway</td></tr></table>', expected: 'pass' },
  { name: 'alt equal to the text of another cell beside it is said twice', markup: '<table><tr><td><img src="flag-no.png" alt="Flag of Norway" /></td><td>Flag of Norway</td></tr></table>', expected: 'warn' },
  { name: 'alt equal to the text beside it in a list item is said twice', markup: '<ul><li><img src="flag-no.png" alt="Norway" /> Norway</li></ul>', expected: 'warn' },
  { name: 'alt equal to the text beside it in a div is said twice', markup: '<div><img src="flag-no.png" alt="Norway" /> Norway</div>', expected: 'warn' },
  { name: 'alt saying more than its table cell passes', markup: '<table><tr><td><img src="flag-no.png" alt="Flag of Norway" /> Norway</td></tr></table>', expected: 'pass' },
  { name: 'inside an aria-hidden="true" ancestor it is hidden: decorative', markup: '<div aria-hidden="true"><img src="swirl.png" /></div>', expected: 'pass' },
  { name: 'aria-hidden="false" hides nothing: no alt still fails', markup: '<img src="harbour.png" aria-hidden="false" />', expected: 'fail' },
  { name: 'aria-labelledby joins the text of every id it names', markup: '<img src="harbour.png" aria-labelledby="a1 a2" /><span id="a1">Fishing boats</span> <span id="a2">moored in the harbour at dawn</span>', expected: 'pass' },
  { name: 'an empty aria-label names nothing', markup: '<img src="harbour.png" aria-label="" />', expected: 'fail' },
  { name: 'alt equal to the text of its paragraph is said twice (H2)', markup: '<p><img src="flag-no.png" alt="Norway" /> Norway</p>', expected: 'warn' },
  { name: 'alt saying more than the link text beside it passes', markup: '<a href="/team/ana"><img src="ana.png" alt="Ana Lima smiling at her desk" /> Ana Lima</a>', expected: 'pass' },
  { name: '"Photo of …" only announces an image (redundant opening, a warning)', markup: '<img src="friend.png" alt="Photo of my friend at the beach" />', expected: 'warn' },
  { name: 'a word that merely contains "image" is no placeholder', markup: '<img src="logo.png" alt="ImageMagick logo" />', expected: 'pass' },
  { name: "a link named by its own aria-label keeps its name when its only image is alt=\"\" (no F89)", markup: '<a href="/home" aria-label="Home"><img src="logo.png" alt="" /></a>', expected: 'pass' },
  { name: 'a link named by its title keeps a name when its only image is hidden (no F89)', markup: '<a href="/home" title="Home"><img src="logo.png" alt="Home" aria-hidden="true" /></a>', expected: 'pass' },
  { name: "a named link's only image still needs its alt attribute (F65)", markup: '<a href="/home" aria-label="Home"><img src="logo.png" /></a>', expected: 'fail' },
  { name: 'role="button" is a button: its only image with alt="" leaves it nameless (F89)', markup: '<div role="button" tabindex="0"><img src="bin.png" alt="" /></div>', expected: 'fail' },
  { name: 'role="link" is a link: its only image with alt="" leaves it nameless (F89)', markup: '<span role="link" tabindex="0"><img src="home.png" alt="" /></span>', expected: 'fail' },
  { name: 'a role="button" image naming the action passes', markup: '<div role="button" tabindex="0"><img src="bin.png" alt="Delete" /></div>', expected: 'pass' },
  { name: 'a role="button" named by aria-label keeps its name with an alt="" image', markup: '<div role="button" tabindex="0" aria-label="Delete"><img src="bin.png" alt="" /></div>', expected: 'pass' },
];

describe('<img>: lint (every syntax), the Action and the audit agree, as WCAG says', () => {
  it.each(CASES)('$name', (testCase) => {
    expect(readersOf(testCase)).toEqual(expectedOf(testCase, 1));
  });
});
