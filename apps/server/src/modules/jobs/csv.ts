import { parseCsv } from '@altwise/shared';

// The parser is shared with the web app (its CSV preview); writing CSV is the server's alone.
export { parseCsv };
export type { CsvRow } from '@altwise/shared';

/** One CSV field: quoted when it holds a comma, a quote or a line break; formula-leading cells neutralised. */
export function csvField(value: string): string {
  // A cell starting with = + - @ is run as a formula by spreadsheets (CSV injection): prefix a quote.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
