// The files the action reads must be the pull request's head commit: its review comments, findings and
// SARIF all name that commit. On `pull_request`, `actions/checkout` without a `ref` checks out GitHub's
// test merge commit instead, where lines move whenever the base branch changed the same file. So when
// the checkout is not the head, the head is checked out beside it (a detached `git worktree`), fetched
// first when the clone is shallow; when it cannot be had, the action refuses rather than guess.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from './inputs';

export const HEAD_REF_ADVICE =
  'check out the head commit: `actions/checkout` with `ref: ${{ github.event.pull_request.head.sha }}`';

export interface HeadCheckout {
  /** Where the head commit's files are: the workspace itself, or a worktree beside it. */
  dir: string;
  /** What happened, for the log. */
  note?: string;
  remove(): void;
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // Never wait for a password prompt: a fetch that needs one fails and the action says why.
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  }).trim();
}

const attempt = (run: () => string): string | undefined => {
  try {
    return run();
  } catch {
    return undefined;
  }
};

const stderrOf = (error: unknown) =>
  String((error as { stderr?: unknown }).stderr ?? (error as Error).message)
    .trim()
    .split('\n')
    .at(-1);

/** The head commit's files for `workspace`; throws an InputError that says what to change when it cannot. */
export function checkoutHead(workspace: string, headSha: string): HeadCheckout {
  const current = attempt(() => git(workspace, ['rev-parse', '--verify', 'HEAD']));
  if (current === undefined)
    throw new InputError(
      `the workspace is not a git checkout, so the action cannot tell whether it holds the pull request's head commit ${headSha}: ${HEAD_REF_ADVICE}`,
    );
  if (current === headSha) return { dir: workspace, remove: () => undefined };

  let fetched = false;
  if (attempt(() => git(workspace, ['cat-file', '-e', `${headSha}^{commit}`])) === undefined) {
    // A shallow clone of the merge commit (checkout's default fetch-depth 1) lacks the head commit.
    try {
      git(workspace, ['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', headSha]);
      fetched = true;
    } catch (error) {
      throw new InputError(
        `the checkout is ${current.slice(0, 12)}, not the pull request's head commit ${headSha}, and fetching the head failed (${stderrOf(error)}): ${HEAD_REF_ADVICE}`,
      );
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-head-'));
  try {
    git(workspace, ['worktree', 'add', '--quiet', '--detach', dir, headSha]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new InputError(
      `could not check out the pull request's head commit ${headSha} beside the checkout (${stderrOf(error)}): ${HEAD_REF_ADVICE}`,
    );
  }
  return {
    dir,
    note: `altwise: the checkout is ${current.slice(0, 12)} (on a pull request, GitHub's test merge commit), not the head commit the review and findings name; reading the head ${headSha.slice(0, 12)}${fetched ? ' (fetched)' : ''} instead`,
    remove: () => {
      attempt(() => git(workspace, ['worktree', 'remove', '--force', dir]));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
