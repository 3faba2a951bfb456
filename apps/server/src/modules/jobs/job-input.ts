import type { RowError } from '@altwise/shared';
import { MAX_JOB_ITEMS, jobItemInputSchema } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import { parseCsv } from './csv';

/** An accepted row of a job, before it is stored. */
export interface JobRow {
  imageUrl: string;
  context: string | null;
  clientId: string | null;
  /** Every CSV column's value (JSON items: none), so exports carry them through. */
  columns: Record<string, string>;
}

export interface ParsedRows {
  rows: JobRow[];
  rowErrors: RowError[];
  /** Input column names in order: the CSV header, or image_url, context, id for JSON. */
  columnNames: string[];
}

export const JSON_COLUMNS = ['image_url', 'context', 'id'];
const MAX_ROW_ERRORS_KEPT = 1_000;

function reasonOf(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** Nothing valid: the job is refused whole, with the row errors (the first ones) as details. */
function noValidRows(rowErrors: RowError[]): AppError {
  return new AppError('validation_failed', 'No valid rows: the job has nothing to process', 400, rowErrors.slice(0, 100).map((error) => ({ field: `row ${error.row}`, message: error.reason })));
}

/** JSON items, checked one by one: a bad item is a row error (its 1-based position), not a 400. */
export function rowsFromItems(items: unknown[]): ParsedRows {
  const rows: JobRow[] = [];
  const rowErrors: RowError[] = [];
  items.forEach((item, index) => {
    const parsed = jobItemInputSchema.safeParse(item);
    if (!parsed.success) {
      rowErrors.push({ row: index + 1, reason: reasonOf(parsed.error) });
      return;
    }
    rows.push({ imageUrl: parsed.data.imageUrl, context: parsed.data.context || null, clientId: parsed.data.id ?? null, columns: {} });
  });
  if (rows.length === 0) throw noValidRows(rowErrors);
  return { rows, rowErrors: rowErrors.slice(0, MAX_ROW_ERRORS_KEPT), columnNames: JSON_COLUMNS };
}

/** A CSV upload: `image_url` required, `context` and `id` understood, every column carried through. */
export function rowsFromCsv(text: string): ParsedRows {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new AppError('validation_failed', 'The CSV file is empty', 400, [{ field: 'file', message: 'Empty' }]);
  const names = header.fields.map((name) => name.trim());
  const lower = names.map((name) => name.toLowerCase());
  const urlAt = lower.indexOf('image_url');
  if (urlAt < 0) {
    throw new AppError('validation_failed', 'The CSV needs an image_url column', 400, [{ field: 'file', message: 'Missing image_url column' }]);
  }
  if (records.length > MAX_JOB_ITEMS) {
    throw new AppError('validation_failed', `At most ${MAX_JOB_ITEMS.toLocaleString('en-US')} rows per job`, 400, [{ field: 'file', message: 'Too many rows' }]);
  }
  const contextAt = lower.indexOf('context');
  const idAt = lower.indexOf('id');
  const rows: JobRow[] = [];
  const rowErrors: RowError[] = [];
  for (const record of records) {
    if (record.fields.length > names.length) {
      rowErrors.push({ row: record.line, reason: `Expected ${names.length} columns, found ${record.fields.length}` });
      continue;
    }
    const value = (at: number) => (at >= 0 ? (record.fields[at] ?? '') : undefined);
    const parsed = jobItemInputSchema.safeParse({ imageUrl: value(urlAt), context: value(contextAt) || undefined, id: value(idAt) || undefined });
    if (!parsed.success) {
      rowErrors.push({ row: record.line, reason: reasonOf(parsed.error) });
      continue;
    }
    const columns = Object.fromEntries(names.map((name, at) => [name, record.fields[at] ?? '']));
    rows.push({ imageUrl: parsed.data.imageUrl, context: parsed.data.context || null, clientId: parsed.data.id ?? null, columns });
  }
  if (rows.length === 0) throw noValidRows(rowErrors);
  return { rows, rowErrors: rowErrors.slice(0, MAX_ROW_ERRORS_KEPT), columnNames: names };
}
