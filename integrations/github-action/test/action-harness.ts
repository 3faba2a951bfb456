// The action's end-to-end harness: a pull request made with real git, the loopback fake of GitHub's
// REST API (GITHUB_API_URL), the CLI tests' fake Altwise API, and the event file, as a workflow has them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FakeGitHub } from '@altwise/test-support/fake-github';
import { startFakeGitHub } from '@altwise/test-support/fake-github';
import type { Token } from 'marked';
import { Lexer } from 'marked';
import { afterEach, expect } from 'vitest';
import type { FakeApi, FakeAnswer } from '../../../packages/cli/test/fake-api';
import { startFakeApi } from '../../../packages/cli/test/fake-api';
import type { Pacing } from '../src/github-client';
import { runAction } from '../src/run-action';
import type { PullRequestRepo } from './pull-request-repo';
import { makePullRequestRepo, png } from './pull-request-repo';

/** GitHub's pacing with each second shrunk to 5 ms: a retry-after of 60 waits 0.3 s. */
export const TEST_PACING: Pacing = { secondMs: 5 };

export const DIST = path.resolve(import.meta.dirname, '../dist/index.js');
export const OWNER = 'harbour';
export const REPO = 'site';
export const PULL = 7;

export const BASE_PAGE = `<!doctype html>
<html lang="en">
<body>
<img src="images/old.png" alt="DSC_0001.JPG">
</body>
</html>
`;
// Five new images: missing, poor, good, decorative, link-only (lines 5 to 9).
export const FIVE_PAGE = `<!doctype html>
<html lang="en">
<body>
<img src="images/old.png" alt="DSC_0001.JPG">
<img src="images/boat.png">
<img src="images/quay.png" alt="IMG_2041.jpg">
<img src="images/lighthouse.png" alt="The lighthouse on the cape at dusk">
<img src="images/divider.png" alt="">
<a href="/pricing"><img src="images/pricing.png"></a>
</body>
</html>
`;
export const IMAGES = {
  'site/images/boat.png': png(2),
  'site/images/quay.png': png(3),
  'site/images/lighthouse.png': png(4),
  'site/images/divider.png': png(5),
  'site/images/pricing.png': png(6),
};
export const ALT_BY_FILE: Record<string, string> = {
  'boat.png': 'A blue fishing boat moored in the harbour',
  'quay.png': 'Lobster pots stacked on the stone quay',
  'pricing.png': 'Pricing',
};

export const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// The contract with GitHub, in every test: each request the action sent is one GitHub's published REST
// description allows (the fake answered 422 to any other), and each of the fake's answers is one the
// description documents. A request the description does not know fails the test that sent it.
const fakes: FakeGitHub[] = [];
afterEach(() => {
  const problems = fakes.splice(0).flatMap((github) => github.problems());
  expect(problems, "requests or answers GitHub's REST description does not allow").toEqual([]);
});

export interface Setup {
  repo: PullRequestRepo;
  github: FakeGitHub;
  api: FakeApi;
  env: NodeJS.ProcessEnv;
}

export async function setup(
  headChanges: Record<string, string | Buffer>,
  answer?: (body: Record<string, unknown>) => FakeAnswer,
  inputs: Record<string, string> = {},
  repo: PullRequestRepo = makePullRequestRepo(
    { 'site/index.html': BASE_PAGE, 'site/images/old.png': png(1) },
    headChanges,
  ),
): Promise<Setup> {
  cleanups.push(repo.remove);
  const github = await startFakeGitHub({ owner: OWNER, repo: REPO, pullNumber: PULL, perPage: 2 });
  cleanups.push(github.close);
  fakes.push(github);
  github.setPull(repo.files, repo.head);
  const api = await startFakeApi(
    answer ??
      ((body) => ({ altText: ALT_BY_FILE[String(body.fileName)] ?? 'A picture', verification: 'model' })),
  );
  cleanups.push(api.close);
  const eventPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-event-')), 'event.json');
  cleanups.push(() => fs.rmSync(path.dirname(eventPath), { recursive: true, force: true }));
  fs.writeFileSync(
    eventPath,
    JSON.stringify({
      action: 'synchronize',
      pull_request: { number: PULL, base: { sha: repo.base }, head: { sha: repo.head } },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_API_URL: github.url,
    GITHUB_WORKSPACE: repo.dir,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SHA: repo.head,
    GITHUB_REF: `refs/pull/${PULL}/merge`,
    'INPUT_GITHUB-TOKEN': github.token,
    'INPUT_ALTWISE-API-KEY': 'ak_test_action',
    'INPUT_ALTWISE-URL': api.url,
    ...Object.fromEntries(
      Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
    ),
  };
  return { repo, github, api, env };
}

export async function run(env: NodeJS.ProcessEnv, pacing: Pacing = TEST_PACING) {
  const log = { info: [] as string[], warning: [] as string[], command: [] as string[] };
  const result = await runAction(
    env,
    {
      info: (text) => log.info.push(text),
      warning: (text) => log.warning.push(text),
      command: (text) => log.command.push(text),
    },
    pacing,
  );
  return { ...result, log };
}

/** The pull request's event after a push to `head`. */
export function pushed(setupState: Setup, changes: Record<string, string | Buffer>) {
  const next = setupState.repo.push(changes);
  setupState.github.setPull(next.files, next.head);
  fs.writeFileSync(
    setupState.env.GITHUB_EVENT_PATH!,
    JSON.stringify({
      pull_request: { number: PULL, base: { sha: setupState.repo.base }, head: { sha: next.head } },
    }),
  );
}

/** Every Markdown token GitHub would render from `markdown` (GFM: autolinks, HTML, lists), depth first. */
export function tokensOf(markdown: string): Token[] {
  const all: Token[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      all.push(token);
      const inner = token as { tokens?: Token[]; items?: Token[] };
      if (inner.tokens) walk(inner.tokens);
      if (inner.items) walk(inner.items);
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return all;
}
