// A pull request made with real git in a temporary folder: a base commit, a head commit checked out
// (the action's GITHUB_WORKSPACE), and the files with their patches as GitHub's API gives them,
// taken from `git diff base head`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakePullFile } from '@altwise/test-support/fake-github';

/** The PNG signature and a header, plus one byte that makes each picture its own. */
export const png = (seed: number) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    Buffer.from([seed]),
  ]);

export interface PullRequestRepo {
  dir: string;
  base: string;
  head: string;
  files: FakePullFile[];
  /** Another commit on top of head (a push), returning the new head and the whole pull request's files. */
  push(changes: Record<string, string | Buffer>): { head: string; files: FakePullFile[] };
  remove(): void;
}

export const git = (dir: string, args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });

function write(dir: string, changes: Record<string, string | Buffer>) {
  for (const [file, content] of Object.entries(changes)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

function commit(dir: string, changes: Record<string, string | Buffer>, message: string): string {
  write(dir, changes);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']).trim();
}

function pullFiles(dir: string, base: string, head: string): FakePullFile[] {
  const statuses: Record<string, FakePullFile['status']> = { A: 'added', M: 'modified', D: 'removed' };
  return git(dir, ['diff', '--name-status', '--no-renames', base, head])
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, filename] = line.split('\t') as [string, string];
      const diff = git(dir, ['diff', '--no-color', base, head, '--', filename]);
      const hunks = diff.indexOf('\n@@');
      // Binary files have no patch, as in GitHub's answer.
      return {
        filename,
        status: statuses[status[0]!] ?? 'modified',
        ...(hunks >= 0 ? { patch: diff.slice(hunks + 1).replace(/\n$/, '') } : {}),
      };
    });
}

export function makePullRequestRepo(
  baseFiles: Record<string, string | Buffer>,
  headChanges: Record<string, string | Buffer>,
): PullRequestRepo {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-action-'));
  git(dir, ['init', '-q', '-b', 'main']);
  const base = commit(dir, baseFiles, 'base');
  const head = commit(dir, headChanges, 'head');
  return {
    dir,
    base,
    head,
    files: pullFiles(dir, base, head),
    push(changes) {
      const next = commit(dir, changes, 'push');
      return { head: next, files: pullFiles(dir, base, next) };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface MergeCheckout extends PullRequestRepo {
  /** The repository GitHub holds (the checkout's `origin`). */
  origin: string;
  /** GitHub's test merge commit (base's tip merged with head): what the checkout holds. */
  merge: string;
}

/**
 * A pull request whose base branch moved on after the branch was made (`baseMoves` committed on main),
 * checked out as `actions/checkout` does on `pull_request` with no `ref`: a shallow (depth 1) clone of
 * GitHub's test merge commit, so the head commit itself is not in the checkout.
 */
export function makeMergeCheckout(
  baseFiles: Record<string, string | Buffer>,
  headChanges: Record<string, string | Buffer>,
  baseMoves: Record<string, string | Buffer>,
): MergeCheckout {
  const origin = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-origin-'));
  git(origin, ['init', '-q', '-b', 'main']);
  // GitHub serves any commit of the repository by its sha, as a fetch of the head needs.
  git(origin, ['config', 'uploadpack.allowAnySHA1InWant', 'true']);
  const forkPoint = commit(origin, baseFiles, 'base');
  git(origin, ['checkout', '-q', '-b', 'feature']);
  const head = commit(origin, headChanges, 'head');
  git(origin, ['checkout', '-q', 'main']);
  const base = commit(origin, baseMoves, 'base moves on');
  git(origin, ['merge', '-q', '--no-ff', '--no-edit', head]);
  const merge = git(origin, ['rev-parse', 'HEAD']).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-checkout-'));
  git(dir, ['init', '-q']);
  git(dir, ['remote', 'add', 'origin', pathToFileURL(origin).href]);
  git(dir, ['fetch', '-q', '--no-tags', '--depth=1', 'origin', merge]);
  git(dir, ['checkout', '-q', '--detach', merge]);
  return {
    dir,
    origin,
    merge,
    base,
    head,
    // GitHub's pull request files are the three-dot diff: the head against the fork point.
    files: pullFiles(origin, forkPoint, head),
    push() {
      throw new Error('not needed for a merge checkout');
    },
    remove: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(origin, { recursive: true, force: true });
    },
  };
}
