import { CsvLimitError, createCsvReader } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { csvLine, csvRows, parseCsv } from './csv';

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

describe('createCsvReader', () => {
  const text = '\ufeffimage_url,context\r\nhttps://a.test/1.png,"A ""quoted"", comma"\r\n\r\nhttps://a.test/2.png,"two\r\nlines"\rhttps://a.test/3.png,';

  it('reads the same rows whatever the pieces: split inside a quote pair, between CR and LF, anywhere', () => {
    const whole = parseCsv(text);
    expect(whole.map((row) => row.line)).toEqual([1, 2, 4, 6]);
    for (let size = 1; size <= 7; size += 1) {
      const reader = createCsvReader();
      const rows = [];
      for (let at = 0; at < text.length; at += size) rows.push(...reader.push(text.slice(at, at + size)));
      rows.push(...reader.end());
      expect(rows, `pieces of ${size}`).toEqual(whole);
    }
  });

  it('stops at the first row with too many fields or a field too long, naming its line', () => {
    expect(() => parseCsv('a,b,c\n1,2,3', { maxFields: 2 })).toThrow(expect.objectContaining({ limit: 'fields', line: 1 }));
    expect(() => parseCsv('a,b\n1,2\n"x\ny",12345', { maxFieldLength: 4 })).toThrow(expect.objectContaining({ limit: 'fieldLength', line: 3 }));
    expect(() => parseCsv('a,b\n1,2\n3,4', { maxFields: 2, maxFieldLength: 4 })).not.toThrow();
    expect(() => parseCsv(',,,', { maxFields: 3 })).toThrow(CsvLimitError);
  });
});

describe('csvRows', () => {
  it('parses bytes piece by piece, a multi-byte character split between pieces included', async () => {
    const cell = `${'é'.repeat(40_000)}ü`;
    const bytes = new TextEncoder().encode(`image_url,title\nhttps://a.test/1.png,${cell}\n`);
    const rows = [];
    for await (const row of csvRows(bytes, { maxFieldLength: 50_000 })) rows.push(row);
    expect(rows).toEqual([
      { line: 1, fields: ['image_url', 'title'] },
      { line: 2, fields: ['https://a.test/1.png', cell] },
    ]);
  });
});

describe('csvRows between pieces', () => {
  it('gives the event loop a turn after every 64 KiB piece (counted, not timed)', async () => {
    const bytes = new TextEncoder().encode(`image_url\n${'https://a.test/x.png\n'.repeat(50_000)}`);
    const pieces = Math.ceil(bytes.length / (64 * 1024));
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    let rows = 0;
    for await (const _row of csvRows(bytes, {})) rows += 1;
    ticking = false;
    expect(rows).toBe(50_001);
    // A parse that held the loop from start to end would leave the ticker one turn at most.
    expect(turns).toBeGreaterThanOrEqual(pieces - 1);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and neutralises spreadsheet formulas', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', '=HYPERLINK("x")'])).toBe('plain,"a,b","say ""hi""","\'=HYPERLINK(""x"")"\r\n');
  });

  it('quotes and defuses a formula after a comma or semicolon inside a cell (semicolon-locale spreadsheets split there)', () => {
    expect(csvLine(['x;=1+1'])).toBe('"x;\'=1+1"\r\n');
    expect(csvLine(['a,@SUM(A1)', 'b;+1', 'c;-2', 'd;\tx', 'e,=f;=g'])).toBe('"a,\'@SUM(A1)","b;\'+1","c;\'-2","d;\'\tx","e,\'=f;\'=g"\r\n');
    // A semicolon alone is quoted (one cell in every locale); text around separators is left as it is.
    expect(csvLine(['too long; consider 120', 'red, white'])).toBe('"too long; consider 120","red, white"\r\n');
    // What a spreadsheet splitting on ';' would see: no piece starts with a formula character.
    for (const piece of parseCsv(csvLine(['x;=1+1;@cmd']))[0]!.fields[0]!.split(';')) expect(piece).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('round-trips through parseCsv', () => {
    const values = ['x', 'multi\nline', 'q"uote', ''];
    expect(parseCsv(csvLine(values))[0]!.fields).toEqual(values);
  });
});
