// `altwise lint --changed <base>`: the lines `git diff <base>` added or changed in the working tree,
// plus every line of files git does not track yet (a new page not yet added still belongs to the
// change). git runs as a child process with arguments, never through a shell; nothing goes online.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { realPathOf } from '../fill/folder-guard';

const run = promisify(execFile);

export interface ChangedLines {
  /** Whether any line of `first`..`last` of `file` (an absolute path) was touched. */
  touches(file: string, first: number, last: number): boolean;
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args[0] === '-c' ? args[2] : args[0]} failed: ${stderr || (error as Error).message}`);
  }
}

/** `+++ b/path` as git writes it; a path with unusual characters comes C-quoted ("b/caf\303\251.md"). */
function diffPath(header: string): string | null {
  const raw = header.slice(4);
  if (raw === '/dev/null') return null;
  if (!raw.startsWith('"')) return raw.replace(/^b\//, '');
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  for (let index = 0; index < body.length; index += 1) {
    if (body[index] !== '\\') {
      bytes.push(...Buffer.from(body[index]!, 'utf8'));
      continue;
    }
    const next = body[index + 1]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(index + 1, index + 4), 8));
      index += 3;
    } else {
      bytes.push(({ n: 10, t: 9, r: 13, '"': 34, '\\': 92 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/^b\//, '');
}

/** Added and changed lines per file (relative to the repository's top), from a zero-context diff. */
export function parseUnifiedDiff(diff: string): Map<string, Array<[number, number]>> {
  const files = new Map<string, Array<[number, number]>>();
  let current: Array<[number, number]> | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const file = diffPath(line);
      current = file === null ? null : (files.get(file) ?? []);
      if (file !== null && current) files.set(file, current);
    } else if (line.startsWith('@@') && current) {
      const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!hunk) continue;
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      if (count > 0) current.push([start, start + count - 1]);
    }
  }
  return files;
}

/** The lines changed since `base` (a commit, branch or tag) in the repository that holds `cwd`. */
export async function changedLines(base: string, cwd: string): Promise<ChangedLines> {
  // A base that starts with a dash would be read as an option of git's.
  if (!base || base.startsWith('-')) throw new Error(`--changed needs a commit, branch or tag, not "${base}"`);
  const top = (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  await git(cwd, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`]).catch(() => {
    throw new Error(`--changed: "${base}" is not a commit git knows here`);
  });
  const diff = await git(top, ['-c', 'core.quotepath=on', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-relative', '--unified=0', base, '--']);
  const untracked = (await git(top, ['ls-files', '--others', '--exclude-standard', '-z'])).split('\0').filter(Boolean);
  const ranges = parseUnifiedDiff(diff);
  const whole = new Set(untracked);
  const realTop = realPathOf(top) ?? top;
  return {
    touches(file, first, last) {
      const relative = path.relative(realTop, realPathOf(file) ?? file).split(path.sep).join('/');
      if (whole.has(relative)) return true;
      return (ranges.get(relative) ?? []).some(([from, to]) => from <= last && first <= to);
    },
  };
}
