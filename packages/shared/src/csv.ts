/**
 * RFC 4180 CSV, small and strict enough for uploads: quoted fields (with "" escapes and line
 * breaks inside), CRLF or LF, a leading byte-order mark ignored. Rows carry the line they start
 * on, so errors can name it. The reader is incremental: text may arrive in pieces of any size
 * (a quote pair or a CRLF split between two), so a large upload is parsed a piece at a time.
 */
export interface CsvRow {
  /** 1-based line where the row starts (the header is line 1). */
  line: number;
  fields: string[];
}

/** Bounds that stop a hostile file while it is read, before it costs memory. */
export interface CsvLimits {
  /** Most fields in one row. */
  maxFields?: number;
  /** Longest field, in characters. */
  maxFieldLength?: number;
}

/** A row or a field past a CsvLimits bound; `line` is where that row starts. */
export class CsvLimitError extends Error {
  override name = 'CsvLimitError';
  constructor(
    readonly limit: 'fields' | 'fieldLength',
    readonly line: number,
  ) {
    super(limit === 'fields' ? `line ${line} has too many fields` : `line ${line} has a field too long`);
  }
}

export interface CsvReader {
  /** Reads the next piece of text; returns the rows it completed. Throws CsvLimitError. */
  push(text: string): CsvRow[];
  /** The input is over: the last row, if it did not end with a line break. */
  end(): CsvRow[];
}

export function createCsvReader(limits: CsvLimits = {}): CsvReader {
  const maxFields = limits.maxFields ?? Infinity;
  const maxFieldLength = limits.maxFieldLength ?? Infinity;
  let first = true;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  // Inside a quoted field, a quote was just read: a second one is a literal quote, anything else ends the quoting.
  let quoteSeen = false;
  // A CR ended the last row: an LF right after it (maybe in the next piece) belongs to it.
  let afterCr = false;
  let line = 1;
  let rowLine = 1;
  let rowStarted = false;
  let rows: CsvRow[] = [];

  const append = (text: string) => {
    field += text;
    if (field.length > maxFieldLength) throw new CsvLimitError('fieldLength', rowLine);
  };
  const endField = () => {
    if (fields.length >= maxFields) throw new CsvLimitError('fields', rowLine);
    fields.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    // A blank line is no row.
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    rowStarted = false;
  };

  // Where an unquoted run of characters ends: a separator or a line break.
  const unquotedEnd = /[,\r\n]/g;

  // Runs of plain characters are appended as slices, not one character at a time: far less
  // garbage (and time) for long cells.
  function read(input: string): void {
    let i = 0;
    while (i < input.length) {
      const char = input[i]!;
      if (afterCr) {
        afterCr = false;
        if (char === '\n') {
          i += 1;
          continue;
        }
      }
      if (!rowStarted) {
        rowStarted = true;
        rowLine = line;
      }
      if (quoteSeen) {
        quoteSeen = false;
        if (char === '"') {
          append('"');
          i += 1;
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        const close = input.indexOf('"', i);
        const stop = close < 0 ? input.length : close;
        const run = input.slice(i, stop);
        for (let at = run.indexOf('\n'); at >= 0; at = run.indexOf('\n', at + 1)) line += 1;
        append(run);
        if (close >= 0) quoteSeen = true;
        i = close < 0 ? stop : stop + 1;
      } else if (char === '"' && field === '') {
        quoted = true;
        i += 1;
      } else if (char === ',') {
        endField();
        i += 1;
      } else if (char === '\n' || char === '\r') {
        afterCr = char === '\r';
        line += 1;
        endRow();
        i += 1;
      } else {
        unquotedEnd.lastIndex = i;
        const stop = unquotedEnd.exec(input)?.index ?? input.length;
        append(input.slice(i, stop));
        i = stop;
      }
    }
  }

  const take = () => {
    const done = rows;
    rows = [];
    return done;
  };

  return {
    push(text) {
      read(first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      if (text.length > 0) first = false;
      return take();
    },
    end() {
      if (rowStarted) endRow();
      return take();
    },
  };
}

/** The whole text at once (small files: the web app's preview, tests). */
export function parseCsv(text: string, limits?: CsvLimits): CsvRow[] {
  const reader = createCsvReader(limits);
  return [...reader.push(text), ...reader.end()];
}
