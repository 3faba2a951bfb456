import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CsvLimits, CsvRow } from '@altwise/shared';
import { createCsvReader, parseCsv } from '@altwise/shared';

// The parser is shared with the web app (its CSV preview); writing CSV is the server's alone.
export { parseCsv };
export type { CsvRow } from '@altwise/shared';

/** Bytes decoded and parsed between two turns of the event loop (well under a millisecond each). */
const PIECE_BYTES = 64 * 1024;

/**
 * The rows of an uploaded file, a piece at a time: the bytes are decoded and parsed 64 KiB at a
 * time and the event loop gets a turn between pieces, so a 16 MB upload never holds the server, and
 * only the current piece's rows exist at once. Throws CsvLimitError past `limits`.
 */
export async function* csvRows(bytes: Uint8Array, limits: CsvLimits): AsyncGenerator<CsvRow> {
  const decoder = new TextDecoder();
  const reader = createCsvReader(limits);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    yield* reader.push(decoder.decode(bytes.subarray(at, at + PIECE_BYTES), { stream: true }));
    await nextTurn();
  }
  yield* reader.push(decoder.decode());
  yield* reader.end();
}

/** Characters that make a spreadsheet read a cell (or what follows a separator in it) as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
// A separator of either locale (`,` or `;`) then a formula character: a semicolon-locale
// spreadsheet that splits the cell there would start a new cell with a formula.
const FORMULA_AFTER_SEPARATOR = /([,;])([=+\-@\t\r])/g;

/**
 * One CSV field, safe for spreadsheets (CSV injection): a cell starting with = + - @ tab or CR is
 * prefixed with a quote, and so is every such character right after a `,` or `;` inside it; a cell
 * with a comma, semicolon, quote or line break is quoted (a semicolon too, for semicolon locales).
 */
export function csvField(value: string): string {
  const safe = (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
