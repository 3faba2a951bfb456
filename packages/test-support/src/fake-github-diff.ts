// Where a review comment sits in a pull request's diff, as GitHub places it: the head-side lines of the
// hunks (the only lines a comment may sit on), a line's diff `position`, and where a commented line is
// after a push (or that it is outdated). Used by the fake GitHub (fake-github.ts).

/** Head-side lines of each hunk (context included): the lines GitHub lets a comment sit on. */
export function hunkLines(patch: string | undefined): Set<number> {
  return new Set(headLinePositions(patch).keys());
}

/** Each head-side line of the patch and its diff `position` (lines below the first @@ header). */
export function headLinePositions(patch: string | undefined): Map<number, number> {
  const positions = new Map<number, number>();
  if (!patch) return positions;
  let line = 0;
  let inHunk = false;
  patch.split('\n').forEach((text, index) => {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      line = Number(header[1]);
      inHunk = true;
    } else if (inHunk && (text.startsWith('+') || text.startsWith(' '))) {
      positions.set(line, index);
      line += 1;
    }
  });
  return positions;
}

/** Head-side text of each line of the patch's hunks. */
function headLineTexts(patch: string | undefined): Map<number, string> {
  const lines = patch?.split('\n') ?? [];
  return new Map([...headLinePositions(patch)].map(([line, index]) => [line, lines[index]!.slice(1)]));
}

/**
 * Where a commented line is after a push, or undefined when it is outdated: the same text among the new
 * diff's lines, the nearest one to where it was. (GitHub maps it through the diff between the two heads;
 * for the fake's pull requests, which change whole lines, the text finds the same line.)
 */
export function movedLine(before: string | undefined, after: string | undefined, line: number): number | undefined {
  const text = headLineTexts(before).get(line);
  if (text === undefined) return undefined;
  const candidates = [...headLineTexts(after)]
    .filter(([, candidate]) => candidate === text)
    .map(([at]) => at);
  if (candidates.length === 0) return undefined;
  return candidates.reduce((best, at) => (Math.abs(at - line) < Math.abs(best - line) ? at : best));
}
