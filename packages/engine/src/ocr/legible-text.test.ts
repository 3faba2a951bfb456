import { describe, expect, it } from 'vitest';
import type { OcrWord } from './legible-text';
import { legibleText } from './legible-text';

const words = (entries: ReadonlyArray<readonly [string, number]>): OcrWord[] =>
  entries.map(([text, confidence]) => ({ text, confidence }));

// What tesseract reported for "Open Monday to Friday 9 to 5" in small grey type: two words unsure.
const OPENING_HOURS = words([
  ['Open', 91],
  ['Monday', 93],
  ['to', 90],
  ['Friday', 92],
  ['9', 41],
  ['to', 63],
  ['5', 88],
]);

describe('legibleText', () => {
  it('never drops a low-confidence word silently: it is kept, flagged and listed', () => {
    const result = legibleText([OPENING_HOURS]);
    expect(result).toMatchObject({
      text: 'Open Monday to Friday [9?] [to?] 5',
      gapped: 'Open Monday to Friday … 5',
      uncertain: ['9', 'to'],
      words: 7,
    });
  });

  it('judges an image legible on its sure words, as before', () => {
    // The sure words average 90.8: legible. The confidence reported is every kept word's mean.
    expect(legibleText([OPENING_HOURS])?.confidence).toBe(80);
    const clear = legibleText([words([['Open', 95], ['daily', 93]])]);
    expect(clear).toMatchObject({ text: 'Open daily', gapped: 'Open daily', uncertain: [], confidence: 94 });
  });

  it('still finds no text in noise: lines of scraps are picture, not text', () => {
    expect(legibleText([words([['~', 30], ['ii', 40], ['Wl', 45]])])).toBeUndefined();
    // One sure word among scraps does not make a line of text.
    expect(legibleText([words([['a', 80], ['~', 20], ['ii', 12], ['Wl', 30], ['//', 10]])])).toBeUndefined();
    const mixed = legibleText([words([['Summer', 94], ['sale', 92]]), words([['~', 30], ['ii', 40], ['Wl', 45]])]);
    expect(mixed).toMatchObject({ text: 'Summer sale', uncertain: [] });
  });

  it('in an image that holds text, keeps a mostly unsure line that has a sure word, flagged', () => {
    const result = legibleText([
      words([['Summer', 94], ['sale', 92]]),
      words([['ends', 90], ['Sunday', 52], ['night', 48]]),
    ]);
    expect(result).toMatchObject({
      text: 'Summer sale\nends [Sunday?] [night?]',
      gapped: 'Summer sale\nends …',
      uncertain: ['Sunday', 'night'],
    });
  });

  it('keeps symbols too: a sure "&" as read, an unsure "|" flagged (a misread word often reads as one)', () => {
    const result = legibleText([words([['Fish', 93], ['&', 90], ['Chips', 92], ['|', 30]])]);
    expect(result).toMatchObject({ text: 'Fish & Chips [|?]', gapped: 'Fish & Chips …', uncertain: ['|'] });
  });
});
