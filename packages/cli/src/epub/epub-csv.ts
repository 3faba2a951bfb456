// The editors' round-trip: a book's images as a spreadsheet (document, position, the image file,
// caption, current alt, columns to fill), and an edited sheet applied back into a new EPUB. Offline:
// the sheet is written by people, so what it says is theirs (a person's alt, not a draft).
import fs from 'node:fs';
import { parseCsv } from '@altwise/shared';
import type { Edit, FoundImage } from '@altwise/engine/markup';
import { applyEdits, editFor, plainAltText } from '@altwise/engine/markup';
import { captionOf, EpubRefused, longDescriptionEdits, openBook, parseXml, pictureEntry, withAccessibilityMetadata, writeEpub } from '@altwise/engine/epub';
import type { Book, ImageCounts } from '@altwise/engine/epub';

export const CSV_COLUMNS = ['document', 'image', 'line', 'file', 'caption', 'current_alt', 'suggested_alt', 'long_description', 'decorative'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell a spreadsheet will not run as a formula (a leading = + - @ gets a quote, removed again on import). */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const uncell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The images that take alt (`img`), per document, in source order: a row's `image` is its 1-based index. */
const imagesOf = (book: Book) => book.documents.map((document) => ({ document, images: document.images.filter((image) => image.kind === 'img') }));

export function exportCsv(book: Book): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { document, images } of imagesOf(book)) {
    images.forEach((image, index) => {
      const picture = pictureEntry(image, book);
      const alt = image.alt.state === 'present' ? image.alt.value : '';
      const row = [document.name, String(index + 1), String(image.line), 'name' in picture ? picture.name : image.src, image.span ? captionOf(document.text, image.span.start) : '', alt, '', '', image.alt.state === 'empty' ? 'yes' : 'no'];
      lines.push(row.map(csvCell).join(','));
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface CsvImportReport {
  applied: number;
  longDescriptions: number;
  /** Rows that were not applied, and why. */
  refused: string[];
}

/** Applies an edited sheet to the book and writes `output`. A row naming another image than the book has there is refused. */
export async function importCsv(input: string, sheet: string, output: string): Promise<CsvImportReport> {
  const book = await openBook(fs.readFileSync(input));
  const rows = parseCsv(fs.readFileSync(sheet, 'utf8'), { maxFields: 20, maxFieldLength: 10_000 });
  const header = rows[0]?.fields.map((field) => field.trim().toLowerCase()) ?? [];
  const column = (name: (typeof CSV_COLUMNS)[number]) => header.indexOf(name);
  for (const name of ['document', 'image', 'file', 'suggested_alt', 'decorative'] as const) {
    if (column(name) < 0) throw new EpubRefused(`the sheet has no "${name}" column (expected: ${CSV_COLUMNS.join(', ')})`);
  }
  const report: CsvImportReport = { applied: 0, longDescriptions: 0, refused: [] };
  const edits = new Map<string, Edit[]>();
  const byDocument = new Map(imagesOf(book).map(({ document, images }) => [document.name, { document, images }]));
  const decided = new Map<FoundImage, 'alt' | 'decorative'>();
  for (const row of rows.slice(1)) {
    const cell = (name: (typeof CSV_COLUMNS)[number]) => (column(name) >= 0 ? uncell(row.fields[column(name)] ?? '') : '');
    const where = `line ${row.line}`;
    const entry = byDocument.get(cell('document'));
    const image = entry?.images[Number(cell('image')) - 1];
    if (!entry || !image) {
      report.refused.push(`${where}: no image ${cell('image')} in ${cell('document')}`);
      continue;
    }
    const picture = pictureEntry(image, book);
    if (('name' in picture ? picture.name : image.src) !== cell('file')) {
      report.refused.push(`${where}: image ${cell('image')} of ${cell('document')} is not ${cell('file')} (a sheet of another edition?)`);
      continue;
    }
    const decorative = /^(yes|y|true|1|x)$/i.test(cell('decorative').trim());
    const suggested = plainAltText(cell('suggested_alt'));
    const current = plainAltText(cell('current_alt'));
    const before = image.alt.state === 'present' ? image.alt.value : '';
    // The suggested column wins; an edited current alt counts too; an unchanged row changes nothing.
    if (decorative && image.alt.state === 'empty') continue;
    const altText = decorative ? '' : suggested || (current !== plainAltText(before) ? current : null);
    if (altText === null || (altText === '' && !decorative)) continue;
    const documentEdits = [editFor(image, altText)];
    const long = cell('long_description').trim();
    if (long && !decorative) {
      const added = book.pkg.version === 3 && image.span ? longDescriptionEdits(entry.document.text, image.span.start, long, `altwise-longdesc-csv-${report.longDescriptions + 1}`) : undefined;
      if (added) {
        documentEdits.push(...added);
        report.longDescriptions += 1;
      } else report.refused.push(`${where}: the long description could not be placed (${book.pkg.version === 2 ? 'EPUB 2' : 'no place beside the image'})`);
    }
    edits.set(entry.document.name, [...(edits.get(entry.document.name) ?? []), ...documentEdits]);
    decided.set(image, decorative ? 'decorative' : 'alt');
    report.applied += 1;
  }

  const replaced = new Map<string, Buffer>();
  for (const [name, documentEdits] of edits) {
    const text = applyEdits(byDocument.get(name)!.document.text, documentEdits);
    parseXml(text, name);
    replaced.set(name, Buffer.from(text, 'utf8'));
  }
  // What is true of the result: every image as the sheet (or the book) leaves it, all written by people.
  const counts: ImageCounts = { described: 0, drafts: 0, decorative: 0, kept: 0, missing: 0, longDescriptions: report.longDescriptions };
  for (const { images } of imagesOf(book)) {
    for (const image of images) {
      const state = decided.get(image) ?? (image.alt.state === 'empty' ? 'decorative' : image.alt.state === 'present' ? 'alt' : 'missing');
      if (state === 'decorative') counts.decorative += 1;
      else if (state === 'alt') counts.kept += 1;
      else counts.missing += 1;
    }
  }
  replaced.set(book.pkg.opfPath, Buffer.from(withAccessibilityMetadata(book.pkg.opf, book.pkg.version, counts).opf, 'utf8'));
  const temporary = `${output}.altwise-${process.pid}.tmp`;
  fs.writeFileSync(temporary, await writeEpub(book.entries, replaced));
  fs.renameSync(temporary, output);
  return report;
}
