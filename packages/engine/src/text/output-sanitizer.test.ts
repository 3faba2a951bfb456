import { describe, expect, it } from 'vitest';
import { sanitizeModelText, truncateAtWord } from './output-sanitizer';

describe('sanitizeModelText', () => {
  it.each([
    ['"A cat on a windowsill"', 'A cat on a windowsill'],
    ["'A cat on a windowsill'", 'A cat on a windowsill'],
    ['\u201CA cat on a windowsill\u201D', 'A cat on a windowsill'],
    ['«A cat on a windowsill»', 'A cat on a windowsill'],
    ['  A cat on a windowsill  ', 'A cat on a windowsill'],
    ['Alt text: "A cat on a windowsill"', 'A cat on a windowsill'],
  ])('strips surrounding quotes and labels from %s', (raw, expected) => {
    expect(sanitizeModelText(raw)).toBe(expected);
  });

  it('removes HTML tags, scripts and comments', () => {
    expect(sanitizeModelText('<p>A <b>red</b> car<script>alert(1)</script><!-- x --></p>')).toBe('A red car');
    expect(sanitizeModelText('<img src=x onerror=alert(1)>A red car')).toBe('A red car');
    expect(sanitizeModelText('&lt;b&gt;A red car&lt;/b&gt;')).toBe('A red car');
  });

  it('removes markdown', () => {
    expect(sanitizeModelText('**A red car** parked by a _quiet_ lake')).toBe(
      'A red car parked by a quiet lake',
    );
    expect(sanitizeModelText('# Heading\n- A red car')).toBe('Heading A red car');
    expect(sanitizeModelText('![A red car](https://x.test/a.png)')).toBe('A red car');
    expect(sanitizeModelText('A [red car](https://x.test) by a `lake`')).toBe('A red car by a lake');
    expect(sanitizeModelText('```\nA red car\n```')).toBe('A red car');
  });

  it('keeps underscores inside words', () => {
    expect(sanitizeModelText('Terminal showing snake_case_name')).toBe('Terminal showing snake_case_name');
  });

  it('removes control and bidi characters and collapses whitespace', () => {
    expect(sanitizeModelText('A\u0000 red\u202E car\u200B\n\nparked')).toBe('A red car parked');
  });

  it('keeps line breaks in multiline text', () => {
    expect(sanitizeModelText('Line one\n\n\n\nLine  two', { multiline: true })).toBe('Line one\n\nLine two');
  });

  it('keeps visible text verbatim apart from control characters', () => {
    expect(sanitizeModelText('"SALE" <50% off>\u0007', { verbatim: true })).toBe('"SALE" <50% off>');
  });

  it('truncates past the hard cap at a word boundary', () => {
    const text = sanitizeModelText('One two three four five six seven eight nine ten', { hardCap: 20 });
    expect(text).toBe('One two three four');
    expect(text.length).toBeLessThanOrEqual(20);
  });

  it('returns an empty string for non-strings', () => {
    expect(sanitizeModelText(undefined)).toBe('');
    expect(sanitizeModelText(null)).toBe('');
  });
});

describe('sanitizeModelText: labels, instructions and URLs never reach an alt text (issue 19)', () => {
  it.each([
    ['Caption: Staff photo at the summer party', 'Staff photo at the summer party'],
    ['Section heading: Pricing plans', 'Pricing plans'],
    ['Image description: A red car by a lake', 'A red car by a lake'],
    ['Alt text: Caption: "A red car"', 'A red car'],
    ['Description - A red car', 'A red car'],
    ['Page title: Hiking boots | Shop', 'Hiking boots | Shop'],
    ['Nearby text: Our team in Lyon', 'Our team in Lyon'],
    ['Caption: Staff photo. Section heading: Our team', 'Staff photo. Our team'],
    ['Red car, Caption: parked by a lake', 'Red car, parked by a lake'],
  ])('strips the label from %s', (raw, expected) => {
    expect(sanitizeModelText(raw)).toBe(expected);
  });

  it('strips the instructions a prompt or a context carries', () => {
    expect(
      sanitizeModelText('This image is the only content of a link to http://shop.example/pricing: describe, square graphic in blue'),
    ).toBe('Square graphic in blue');
    expect(
      sanitizeModelText(
        'This image is the only content of a button: describe its action or destination, not its looks. Search',
      ),
    ).toBe('Search');
    expect(sanitizeModelText('Write alt text for the attached image in en: A red car')).toBe('A red car');
  });

  it('removes URLs, including from long descriptions', () => {
    expect(sanitizeModelText('Pricing page at https://shop.example/pricing?plan=pro')).toBe('Pricing page at');
    expect(sanitizeModelText('Logo of www.example.com linking home')).toBe('Logo of linking home');
    expect(sanitizeModelText('Line one http://x.test/a\nLine two', { multiline: true })).toBe('Line one\nLine two');
  });

  it('leaves ordinary text with colons and words like "caption" alone', () => {
    expect(sanitizeModelText('Timetable: trains leave at 9:15 and 10:30')).toBe('Timetable: trains leave at 9:15 and 10:30');
    expect(sanitizeModelText('Cartoon with a caption about cats')).toBe('Cartoon with a caption about cats');
    expect(sanitizeModelText('Describe it in one word sign on a classroom wall')).toBe('Describe it in one word sign on a classroom wall');
  });

  it('keeps visible text (textInImage) verbatim, URLs and all', () => {
    expect(sanitizeModelText('Visit https://shop.example', { verbatim: true })).toBe('Visit https://shop.example');
  });
});

describe('truncateAtWord', () => {
  it('leaves short text alone and cuts one long word hard', () => {
    expect(truncateAtWord('short', 10)).toBe('short');
    expect(truncateAtWord('a'.repeat(30), 10)).toBe('a'.repeat(10));
    expect(truncateAtWord('Red car, blue sky, green hills', 18)).toBe('Red car, blue sky');
  });
});
