// Line and column of an offset, as editors, SARIF and GitHub count them: both from 1, the column in
// UTF-16 code units (SARIF's default columnKind, and what a JavaScript string index is).

export interface Position {
  line: number;
  column: number;
}

/** Offsets where each line starts, found once per file so every image costs a binary search. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

export function positionOf(starts: readonly number[], offset: number): Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
