/**
 * RFC 4180 CSV, small and strict enough for uploads: quoted fields (with "" escapes and line
 * breaks inside), CRLF or LF, a leading byte-order mark ignored. Rows carry the line they start
 * on, so errors can name it.
 */
export interface CsvRow {
  /** 1-based line where the row starts (the header is line 1). */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowStarted = false;
  const endField = () => {
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
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i];
    if (!rowStarted) {
      rowStarted = true;
      rowLine = line;
    }
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      line += 1;
      endRow();
    } else field += char;
  }
  if (rowStarted) endRow();
  return rows;
}
