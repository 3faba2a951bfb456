// What a pull request changed, from the patches the GitHub API gives per file: the lines it added
// (what lint reports and the gate judges) and every line of the head side a hunk shows (the only
// lines a review comment can be placed on; GitHub answers 422 for any other).
import path from 'node:path';
import type { ChangedLines } from '@altwise/cli/action-kit';

export interface PullFile {
  filename: string;
  status: string;
  /** Absent for binary files and for diffs too large for the API. */
  patch?: string;
}

export interface FileDiff {
  /** Lines of the head version this change added. */
  added: Set<number>;
  /** Head-side line ranges of each hunk (context included), inclusive. */
  hunks: Array<[number, number]>;
  /** No patch came: the whole file counts as changed, and no line can carry a comment. */
  whole: boolean;
}

/** Parses one file's `patch` (hunks only, no file headers), counting lines of the head version. */
export function parsePatch(patch: string): Pick<FileDiff, 'added' | 'hunks'> {
  const added = new Set<number>();
  const hunks: Array<[number, number]> = [];
  let line = 0;
  let current: [number, number] | null = null;
  for (const text of patch.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(text);
    if (header) {
      line = Number(header[1]);
      const count = header[2] === undefined ? 1 : Number(header[2]);
      current = count > 0 ? [line, line + count - 1] : null;
      if (current) hunks.push(current);
      continue;
    }
    if (!current) continue;
    if (text.startsWith('+')) {
      added.add(line);
      line += 1;
    } else if (text.startsWith(' ')) line += 1;
    // '-' lines and "\ No newline at end of file" are not in the head version.
  }
  return { added, hunks };
}

export class PullRequestDiff implements ChangedLines {
  readonly files = new Map<string, FileDiff>();

  constructor(
    private readonly workspace: string,
    pullFiles: readonly PullFile[],
  ) {
    for (const file of pullFiles) {
      if (file.status === 'removed') continue;
      const parsed =
        file.patch === undefined ? { added: new Set<number>(), hunks: [] } : parsePatch(file.patch);
      this.files.set(file.filename, { ...parsed, whole: file.patch === undefined });
    }
  }

  /** Repository-relative path (forward slashes) of a file in the workspace, as the pull request names it. */
  relative(file: string): string {
    return path.relative(this.workspace, file).split(path.sep).join('/');
  }

  touches(file: string, first: number, last: number): boolean {
    const diff = this.files.get(this.relative(file));
    if (!diff) return false;
    if (diff.whole) return true;
    for (let line = first; line <= last; line += 1) if (diff.added.has(line)) return true;
    return false;
  }

  /** The hunk holding every line of `first`..`last`, if one does: a comment may span them. */
  commentable(relative: string, first: number, last: number): boolean {
    const diff = this.files.get(relative);
    return diff !== undefined && diff.hunks.some(([from, to]) => from <= first && last <= to);
  }
}
