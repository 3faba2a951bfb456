import type { ImagePurpose, RowError } from '@altwise/shared';
import { CsvLimitError, MAX_CSV_CELL_LENGTH, MAX_CSV_COLUMNS, MAX_IMAGE_URL_LENGTH, MAX_JOB_CARRIED_BYTES, MAX_JOB_ITEMS, jobItemInputSchema } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import { csvRows } from './csv';

/** An accepted row of a job, before it is stored. */
export interface JobRow {
  imageUrl: string;
  context: string | null;
  clientId: string | null;
  /**
   * The row's non-empty CSV cells by column, as the JSON text stored with the item (JSON items:
   * null), so exports carry them through. Text, not an object: what the limit counts is what is stored.
   */
  columns: string | null;
  /** JSON ImagePurpose, as stored with the item; null or absent: none. */
  purpose?: string | null;
  /** SHA-256 of an uploaded file's bytes, known at creation (identical files are described once). */
  imageHash?: string | null;
  /** An uploaded file's relative path (job-uploads.ts); absent for a URL. */
  path?: string | null;
  /** The language this row is described in when not the job's (another module's items: a monitor's fix job). */
  language?: string | null;
}

export interface ParsedRows {
  rows: JobRow[];
  rowErrors: RowError[];
  /** Rows refused, all of them (rowErrors keeps the first ones). */
  skipped: number;
  /** Input column names in order: the CSV header, or image_url, context, id for JSON. */
  columnNames: string[];
  /** Files stored by job-uploads.ts under this id: the job takes them in its creation transaction. */
  uploadId?: string;
  /** What the source calls itself (an uploaded CSV's or zip's file name): the job's name unless one is given. */
  source?: string;
}

export const JSON_COLUMNS = ['image_url', 'context', 'id'];
/** CSV columns of an image's purpose (issue 19): a blank purpose_kind means none. */
const PURPOSE_COLUMNS = { kind: 'purpose_kind', href: 'purpose_href', label: 'purpose_label' } as const;

const storedPurpose = (purpose: ImagePurpose | undefined): string | null => (purpose ? JSON.stringify(purpose) : null);

/** A CSV row's purpose cells as the item schema's `purpose`: undefined when every cell is blank. */
function purposeCells(cell: (name: keyof typeof PURPOSE_COLUMNS) => string | undefined): Record<string, string> | undefined {
  const parts: Record<string, string> = {};
  for (const key of Object.keys(PURPOSE_COLUMNS) as Array<keyof typeof PURPOSE_COLUMNS>) {
    const value = cell(key)?.trim();
    if (value) parts[key] = value;
  }
  return Object.keys(parts).length > 0 ? parts : undefined;
}
const MAX_ROW_ERRORS_KEPT = 1_000;

function reasonOf(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** Nothing valid: the job is refused whole, with the row errors (the first ones) as details. */
function noValidRows(rowErrors: RowError[]): AppError {
  return new AppError('validation_failed', 'No valid rows: the job has nothing to process', 400, rowErrors.slice(0, 100).map((error) => ({ field: `row ${error.row}`, message: error.reason })));
}

/**
 * JSON items, checked one by one: a bad item is a row error (its 1-based position), not a 400.
 * `languageOf` gives an item a language of its own (another module's items; the API's have none).
 */
export function rowsFromItems(items: unknown[], languageOf?: (index: number) => string | undefined): ParsedRows {
  const rows: JobRow[] = [];
  const rowErrors: RowError[] = [];
  items.forEach((item, index) => {
    const parsed = jobItemInputSchema.safeParse(item);
    if (!parsed.success) {
      rowErrors.push({ row: index + 1, reason: reasonOf(parsed.error) });
      return;
    }
    rows.push({ imageUrl: parsed.data.imageUrl, context: parsed.data.context || null, clientId: parsed.data.id ?? null, columns: null, purpose: storedPurpose(parsed.data.purpose), language: languageOf?.(index) ?? null });
  });
  if (rows.length === 0) throw noValidRows(rowErrors);
  return { rows, rowErrors: rowErrors.slice(0, MAX_ROW_ERRORS_KEPT), skipped: rowErrors.length, columnNames: JSON_COLUMNS };
}

const csvRefusal = (message: string, detail: string) => new AppError('validation_failed', message, 400, [{ field: 'file', message: detail }]);
const pastLimit = {
  fields: (line: number) => csvRefusal(`At most ${MAX_CSV_COLUMNS} columns per CSV: line ${line} has more`, 'Too many columns'),
  fieldLength: (line: number) =>
    csvRefusal(`A CSV cell is at most ${MAX_CSV_CELL_LENGTH.toLocaleString('en-US')} characters (an image_url ${MAX_IMAGE_URL_LENGTH.toLocaleString('en-US')}): line ${line} has a longer one`, 'Cell too long'),
  carried: (line: number) =>
    csvRefusal(`At most ${MAX_JOB_CARRIED_BYTES / 1024 / 1024} MB of CSV cells per job: the rows up to line ${line} already pass it`, 'Too much data'),
};

/**
 * A CSV upload: `image_url` required, `context` and `id` understood, every other column carried
 * through. Read a piece at a time (see csvRows) and refused whole, with a 400 naming the limit, at
 * the first row past a cap: MAX_CSV_COLUMNS, MAX_CSV_CELL_LENGTH, MAX_JOB_ITEMS rows, or
 * MAX_JOB_CARRIED_BYTES of stored cells. A row keeps only the cells it has and that are not empty
 * (the export writes the others empty), so a wide header costs nothing per row.
 */
export async function rowsFromCsv(bytes: Uint8Array): Promise<ParsedRows> {
  let names: string[] | undefined;
  let urlAt = -1;
  let contextAt = -1;
  let idAt = -1;
  let purposeAt: Record<keyof typeof PURPOSE_COLUMNS, number> = { kind: -1, href: -1, label: -1 };
  let records = 0;
  let carried = 0;
  const rows: JobRow[] = [];
  const rowErrors: RowError[] = [];
  let skipped = 0;
  const rowError = (error: RowError) => {
    skipped += 1;
    if (rowErrors.length < MAX_ROW_ERRORS_KEPT) rowErrors.push(error);
  };
  try {
    // The parser's own bound is the longest cell of any column (an image URL); the others are checked below.
    for await (const record of csvRows(bytes, { maxFields: MAX_CSV_COLUMNS, maxFieldLength: Math.max(MAX_CSV_CELL_LENGTH, MAX_IMAGE_URL_LENGTH) })) {
      if (!names) {
        names = record.fields.map((name) => name.trim());
        const lower = names.map((name) => name.toLowerCase());
        urlAt = lower.indexOf('image_url');
        if (urlAt < 0) throw csvRefusal('The CSV needs an image_url column', 'Missing image_url column');
        contextAt = lower.indexOf('context');
        idAt = lower.indexOf('id');
        purposeAt = { kind: lower.indexOf(PURPOSE_COLUMNS.kind), href: lower.indexOf(PURPOSE_COLUMNS.href), label: lower.indexOf(PURPOSE_COLUMNS.label) };
        if (record.fields.some((name, at) => at !== urlAt && name.length > MAX_CSV_CELL_LENGTH)) throw pastLimit.fieldLength(record.line);
        continue;
      }
      records += 1;
      if (records > MAX_JOB_ITEMS) throw csvRefusal(`At most ${MAX_JOB_ITEMS.toLocaleString('en-US')} rows per job`, 'Too many rows');
      const { fields } = record;
      if (fields.some((value, at) => at !== urlAt && value.length > MAX_CSV_CELL_LENGTH)) throw pastLimit.fieldLength(record.line);
      if (fields.length > names.length) {
        rowError({ row: record.line, reason: `Expected ${names.length} columns, found ${fields.length}` });
        continue;
      }
      const value = (at: number) => (at >= 0 ? (fields[at] ?? '') : undefined);
      const purpose = purposeCells((key) => value(purposeAt[key]));
      const parsed = jobItemInputSchema.safeParse({ imageUrl: value(urlAt), context: value(contextAt) || undefined, id: value(idAt) || undefined, purpose });
      if (!parsed.success) {
        rowError({ row: record.line, reason: reasonOf(parsed.error) });
        continue;
      }
      const header = names;
      // fromEntries: a column named __proto__ stays a cell like any other.
      const columns = JSON.stringify(Object.fromEntries(fields.flatMap((cell, at) => (cell === '' ? [] : [[header[at]!, cell]]))));
      // What the row stores (its keys included): the job's total is capped.
      carried += Buffer.byteLength(columns);
      if (carried > MAX_JOB_CARRIED_BYTES) throw pastLimit.carried(record.line);
      rows.push({ imageUrl: parsed.data.imageUrl, context: parsed.data.context || null, clientId: parsed.data.id ?? null, columns, purpose: storedPurpose(parsed.data.purpose) });
    }
  } catch (error) {
    if (error instanceof CsvLimitError) throw pastLimit[error.limit](error.line);
    throw error;
  }
  if (!names) throw csvRefusal('The CSV file is empty', 'Empty');
  if (rows.length === 0) throw noValidRows(rowErrors);
  return { rows, rowErrors, skipped, columnNames: names };
}
