import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCsv } from '@altwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { epub3 } from '@altwise/test-support/epub-books';
import { openBook, readEpub } from '@altwise/engine/epub';
import { exportCsv, importCsv } from './epub-csv';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-epub-csv-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const cellOf = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

describe('the editors\' CSV round-trip', () => {
  it('exports every image with its caption and current alt; an edited sheet comes back as alts, a decorative image and a long description', async () => {
    const input = path.join(dir, 'book.epub');
    fs.writeFileSync(input, await epub3());
    const csv = exportCsv(await openBook(fs.readFileSync(input)));
    const rows = parseCsv(csv).map((row) => row.fields);
    expect(rows[0]).toEqual(['document', 'image', 'line', 'file', 'caption', 'current_alt', 'suggested_alt', 'long_description', 'decorative']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[4], row[5], row[8]])).toEqual([
      ['OEBPS/text/chapter1.xhtml', '1', 'OEBPS/images/harbour.png', '', '', 'no'],
      ['OEBPS/text/chapter1.xhtml', '2', 'OEBPS/images/catch-chart.png', 'Figure 1. Catch per season, 2020–2025.', '', 'no'],
      ['OEBPS/text/chapter1.xhtml', '3', 'OEBPS/images/rule.png', '', '', 'yes'],
      ['OEBPS/text/chapter1.xhtml', '4', 'OEBPS/images/lighthouse.png', '', 'The red lighthouse at the harbour mouth', 'no'],
      ['OEBPS/text/chapter1.xhtml', '5', 'OEBPS/images/boat.jpg', '', '', 'no'],
    ]);

    // The editor's work: two alts (one that a spreadsheet would take for a formula), a chart's long description, the boat decorative.
    const edited = rows.map((row, index) => {
      if (index === 1) row[6] = '=Harbour at dawn, "quiet"';
      if (index === 2) [row[6], row[7]] = ['Bar chart: catch per season rises from 2020 to 2025', 'Catch rose every year, from 40 to 95 tonnes.'];
      if (index === 5) row[8] = 'yes';
      return row.map((cell, column) => (column === 6 && cell.startsWith('=') ? `'${cell}` : cell)).map(cellOf).join(',');
    });
    const sheet = path.join(dir, 'sheet.csv');
    fs.writeFileSync(sheet, `${edited.join('\r\n')}\r\n`);
    const output = path.join(dir, 'out.epub');
    const report = await importCsv(input, sheet, output);
    expect(report).toEqual({ applied: 3, longDescriptions: 1, refused: [] });

    const entries = await readEpub(fs.readFileSync(output));
    const chapter = entries.find((entry) => entry.name === 'OEBPS/text/chapter1.xhtml')!.data.toString('utf8');
    expect(chapter).toContain('<img src="../images/harbour.png" alt="=Harbour at dawn, &quot;quiet&quot;"/>');
    expect(chapter).toMatch(/<img aria-details="altwise-longdesc-csv-1" src="..\/images\/catch-chart.png" alt="Bar chart: catch per season rises from 2020 to 2025"\/><details id="altwise-longdesc-csv-1"/);
    expect(chapter).toContain('<img src="../images/boat.jpg" alt=""/>');
    const opf = entries.find((entry) => entry.name === 'OEBPS/content.opf')!.data.toString('utf8');
    expect(opf).toContain('All 5 images have a text alternative (3 written by the publisher; 2 marked decorative). 1 complex image has a long description beside it.');
  });

  it('refuses a row whose file is not the image the book has there (a sheet of another edition)', async () => {
    const input = path.join(dir, 'book.epub');
    fs.writeFileSync(input, await epub3());
    const sheet = path.join(dir, 'sheet.csv');
    fs.writeFileSync(sheet, 'document,image,line,file,caption,current_alt,suggested_alt,long_description,decorative\r\nOEBPS/text/chapter1.xhtml,1,7,OEBPS/images/other.png,,,A boat,,no\r\nOEBPS/text/chapter1.xhtml,9,7,x.png,,,A boat,,no\r\n');
    const report = await importCsv(input, sheet, path.join(dir, 'out.epub'));
    expect(report.applied).toBe(0);
    expect(report.refused).toEqual([
      'line 2: image 1 of OEBPS/text/chapter1.xhtml is not OEBPS/images/other.png (a sheet of another edition?)',
      'line 3: no image 9 in OEBPS/text/chapter1.xhtml',
    ]);
  });
});
