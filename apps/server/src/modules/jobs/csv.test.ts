import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks, and names the starting line', () => {
    const rows = parseCsv('\ufeffimage_url,context\r\nhttps://a.test/1.png,"A ""quoted"", comma"\n\nhttps://a.test/2.png,"two\nlines"\nhttps://a.test/3.png,');
    expect(rows).toEqual([
      { line: 1, fields: ['image_url', 'context'] },
      { line: 2, fields: ['https://a.test/1.png', 'A "quoted", comma'] },
      { line: 4, fields: ['https://a.test/2.png', 'two\nlines'] },
      { line: 6, fields: ['https://a.test/3.png', ''] },
    ]);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and neutralises spreadsheet formulas', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', '=HYPERLINK("x")'])).toBe('plain,"a,b","say ""hi""","\'=HYPERLINK(""x"")"\r\n');
  });

  it('round-trips through parseCsv', () => {
    const values = ['x', 'multi\nline', 'q"uote', ''];
    expect(parseCsv(csvLine(values))[0]!.fields).toEqual(values);
  });
});
