export interface ChartDataTableProps {
  /** Names the table; use the chart's title. */
  caption: string;
  /** Column headers; the first one heads the row labels (e.g. "Day"). */
  columns: readonly string[];
  /** One row per category: its label, then one formatted value per remaining column. */
  rows: ReadonlyArray<readonly [label: string, ...values: string[]]>;
}

/** The data behind a chart as a real table, for screen readers (visually hidden). */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  return (
    // The wrapper hides the table: `sr-only` on a <table> itself is not reliably clipped.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, ...values], index) => (
            <tr key={`${label}-${index}`}>
              <th scope="row">{label}</th>
              {values.map((value, column) => (
                <td key={column}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
