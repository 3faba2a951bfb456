// Where the action runs, from the variables the runner sets: the repository, the API (GITHUB_API_URL:
// github.com's, an Enterprise server's, or a test's loopback fake), the checkout, and the pull request
// of the event that started the workflow.
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from './inputs';

export interface PullRequestRef {
  number: number;
  baseSha: string;
  headSha: string;
  /**
   * The head is another repository's (a fork) and the event is `pull_request`: GitHub gives the
   * workflow a read-only token (no review, no code scanning upload). `pull_request_target` runs with
   * the base repository's token, so it is not read-only.
   */
  fromFork?: string;
}

export interface GitHubContext {
  owner: string;
  repo: string;
  apiUrl: string;
  workspace: string;
  /** The commit and ref the results belong to (a pull request's head and refs/pull/N/head). */
  sha: string;
  ref: string;
  /** Absent when the event is not a pull request's (a push): then every file is linted. */
  pullRequest?: PullRequestRef;
}

const need = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name];
  if (!value) throw new InputError(`${name} is not set: this runs as a step of a GitHub Actions workflow`);
  return value;
};

export function readContext(env: NodeJS.ProcessEnv): GitHubContext {
  const [owner, repo] = need(env, 'GITHUB_REPOSITORY').split('/');
  if (!owner || !repo)
    throw new InputError(`GITHUB_REPOSITORY is not owner/name: "${env.GITHUB_REPOSITORY}"`);
  const workspace = path.resolve(need(env, 'GITHUB_WORKSPACE'));
  const apiUrl = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const eventPath = env.GITHUB_EVENT_PATH;
  const event =
    eventPath && fs.existsSync(eventPath)
      ? (JSON.parse(fs.readFileSync(eventPath, 'utf8')) as { pull_request?: unknown })
      : {};
  type Side = { sha?: unknown; repo?: { full_name?: unknown } | null };
  const pull = event.pull_request as { number?: unknown; base?: Side; head?: Side } | undefined;
  if (
    pull &&
    typeof pull.number === 'number' &&
    typeof pull.head?.sha === 'string' &&
    typeof pull.base?.sha === 'string'
  ) {
    const headRepo = pull.head.repo?.full_name;
    const fork =
      (env.GITHUB_EVENT_NAME ?? 'pull_request') === 'pull_request' &&
      typeof headRepo === 'string' &&
      headRepo !== `${owner}/${repo}`;
    return {
      owner,
      repo,
      apiUrl,
      workspace,
      sha: pull.head.sha,
      ref: `refs/pull/${pull.number}/head`,
      pullRequest: {
        number: pull.number,
        baseSha: pull.base.sha,
        headSha: pull.head.sha,
        ...(fork ? { fromFork: headRepo } : {}),
      },
    };
  }
  return { owner, repo, apiUrl, workspace, sha: need(env, 'GITHUB_SHA'), ref: need(env, 'GITHUB_REF') };
}
