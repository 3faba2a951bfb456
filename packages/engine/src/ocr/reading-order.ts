import type { OcrLines, OcrWord } from './legible-text';

/** A word as tesseract reports it, with its box in pixels. */
export interface PlacedWord extends OcrWord {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/**
 * A space wider than this many line heights is not a space between words: it is a gutter
 * between columns (or between table cells). A word space is about a third of the type size.
 */
const GUTTER_LINE_HEIGHTS = 1.5;
/**
 * Columns of text are read column by column only when the pieces on every side average at least
 * this many words a line. A table of labels and values ("Monday   9 to 17", "Coffee   2.80") reads
 * row by row, as a person reads it; columns of phrases or sentences ("Monday: yoga at nine" beside
 * "Thursday: open studio") read down one column, then the next.
 */
const MIN_COLUMN_WORDS = 2;

type Line = readonly PlacedWord[];
interface Gap {
  readonly from: number;
  readonly to: number;
}

const lineHeight = (line: Line) => Math.max(...line.map((word) => word.y1)) - Math.min(...line.map((word) => word.y0));

/** The spaces in a line wide enough to be gutters. */
function wideGaps(line: Line): Gap[] {
  const limit = GUTTER_LINE_HEIGHTS * lineHeight(line);
  const sorted = [...line].sort((a, b) => a.x0 - b.x0);
  const gaps: Gap[] = [];
  for (let index = 1; index < sorted.length; index += 1) {
    const from = sorted[index - 1]!.x1;
    const to = sorted[index]!.x0;
    if (to - from > limit) gaps.push({ from, to });
  }
  return gaps;
}

/**
 * Gutters: x positions where two or more lines have a wide gap in common. Returned as the middle
 * of the shared gap, left to right.
 */
function gutters(lines: readonly Line[]): number[] {
  const clusters: { from: number; to: number; lines: number }[] = [];
  for (const line of lines) {
    for (const gap of wideGaps(line)) {
      const cluster = clusters.find((candidate) => candidate.from < gap.to && gap.from < candidate.to);
      if (cluster) {
        cluster.from = Math.max(cluster.from, gap.from);
        cluster.to = Math.min(cluster.to, gap.to);
        cluster.lines += 1;
      } else clusters.push({ ...gap, lines: 1 });
    }
  }
  return clusters
    .filter((cluster) => cluster.lines >= 2)
    .map((cluster) => (cluster.from + cluster.to) / 2)
    .sort((a, b) => a - b);
}

/** A line runs across a gutter: a word sits on it, or the words either side are only a space apart. */
function crosses(line: Line, boundaries: readonly number[]): boolean {
  const limit = GUTTER_LINE_HEIGHTS * lineHeight(line);
  return boundaries.some((boundary) => {
    if (line.some((word) => word.x0 < boundary && boundary < word.x1)) return true;
    const before = line.filter((word) => word.x1 <= boundary);
    const after = line.filter((word) => word.x0 >= boundary);
    if (before.length === 0 || after.length === 0) return false;
    return Math.min(...after.map((word) => word.x0)) - Math.max(...before.map((word) => word.x1)) <= limit;
  });
}

const columnOf = (word: PlacedWord, boundaries: readonly number[]) =>
  boundaries.filter((boundary) => boundary <= (word.x0 + word.x1) / 2).length;

/** A run of lines split at the gutters, read column by column when each column holds phrases. */
function readRegion(region: readonly Line[], boundaries: readonly number[]): Line[] {
  const columns: Line[][] = boundaries.map(() => []).concat([[]]);
  for (const line of region) {
    const pieces: PlacedWord[][] = columns.map(() => []);
    for (const word of [...line].sort((a, b) => a.x0 - b.x0)) pieces[columnOf(word, boundaries)]!.push(word);
    pieces.forEach((piece, index) => piece.length > 0 && columns[index]!.push(piece));
  }
  const filled = columns.filter((column) => column.length > 0);
  const phrases = filled.every(
    (column) => column.reduce((sum, piece) => sum + piece.length, 0) / column.length >= MIN_COLUMN_WORDS,
  );
  if (filled.length < 2 || !phrases) return [...region];
  return filled.flat();
}

/**
 * Lines in the order a person reads them. Tesseract reads a line straight across the page, so
 * two columns set side by side came out as "Monday: yoga … Thursday: open studio", each line
 * mixing both. Where two or more lines share a wide gap at the same place (a gutter), the run of
 * lines it splits is read down the left column, then the next; a line that crosses the gutter (a
 * heading over both columns) ends the run and is read whole, where it stands.
 */
export function readingOrder(lines: readonly Line[]): OcrLines {
  const placed = lines.filter((line) => line.length > 0);
  const boundaries = gutters(placed);
  if (boundaries.length === 0) return placed;
  const ordered: Line[] = [];
  let region: Line[] = [];
  const flush = () => {
    if (region.length > 0) ordered.push(...readRegion(region, boundaries));
    region = [];
  };
  for (const line of placed) {
    if (crosses(line, boundaries)) {
      flush();
      ordered.push(line);
    } else region.push(line);
  }
  flush();
  return ordered;
}
