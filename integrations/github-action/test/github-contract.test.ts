// The contract between the action and GitHub, held to GitHub's published REST description
// (@octokit/openapi): every request the action sends in a run that uses every endpoint it knows is one
// the description allows, every answer of the fake is one the description documents, and the check has
// teeth: an unknown field, a missing one, a short commit_sha or a bare ref is refused with 422 as GitHub
// refuses it, and a run that sends one fails. (Every other suite of the action asserts the same after
// each test, in action-harness.ts.)
import http from 'node:http';
import type { FakeGitHub } from '@altwise/test-support/fake-github';
import { startFakeGitHub } from '@altwise/test-support/fake-github';
import {
  checkGitHubRequest,
  checkGitHubResponse,
  findOperation,
} from '@altwise/test-support/github-description';
import { afterEach, describe, expect, it } from 'vitest';
import { FIVE_PAGE, IMAGES, OWNER, PULL, REPO, pushed, run, setup } from './action-harness';

const operationsOf = (github: FakeGitHub) =>
  new Set(github.calls.map((call) => findOperation(call.method, call.path)?.match.operationId));

// Every REST operation the action's source calls (review-sync.ts, run-action.ts, sarif-upload.ts).
const ACTION_OPERATIONS = [
  'pulls/list-files',
  'pulls/list-review-comments',
  'pulls/list-reviews',
  'pulls/create-review',
  'pulls/update-review',
  'pulls/update-review-comment',
  'pulls/delete-review-comment',
  'code-scanning/upload-sarif',
  'code-scanning/get-sarif',
];

const started: FakeGitHub[] = [];
afterEach(async () => {
  for (const github of started.splice(0)) await github.close();
});

describe("the action's requests, by GitHub's REST description", () => {
  it('sends only requests the description allows, through every operation it uses, and the fake answers as described', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    await run(state.env); // list files, reviews and comments; create the review; upload SARIF and poll it
    state.api.answer = () => ({ altText: 'A harbour photograph', verification: 'model' });
    await run(state.env); // edit the comments in place
    pushed(state, {
      'site/index.html': FIVE_PAGE.replace(
        '<img src="images/boat.png">',
        '<img src="images/boat.png" alt="A blue fishing boat moored in the harbour">',
      ),
    });
    await run(state.env); // delete the fixed image's comment, update the review's summary

    expect([...operationsOf(state.github)].sort()).toEqual([...ACTION_OPERATIONS].sort());
    expect(state.github.calls.length).toBeGreaterThan(ACTION_OPERATIONS.length);
    expect(state.github.calls.every((call) => call.status !== undefined && call.status < 400)).toBe(true);
    expect(state.github.problems()).toEqual([]);
  });

  it('finds what GitHub refuses: an unknown field, a missing one, a short commit_sha, a bare ref, an unknown path', () => {
    const upload = {
      commit_sha: 'a'.repeat(40),
      ref: `refs/pull/${PULL}/head`,
      sarif: 'H4sIAAAAAAAAA6uuBQBDv6ajAgAAAA==',
    };
    const sarifs = `/repos/${OWNER}/${REPO}/code-scanning/sarifs`;
    expect(checkGitHubRequest({ method: 'POST', url: sarifs, body: upload })).toEqual([]);
    expect(checkGitHubRequest({ method: 'POST', url: sarifs, body: { ...upload, tool: 'altwise' } })).toEqual(
      ["code-scanning/upload-sarif body must NOT have additional properties ('tool')"],
    );
    expect(
      checkGitHubRequest({
        method: 'POST',
        url: sarifs,
        body: { commit_sha: upload.commit_sha, ref: upload.ref },
      }),
    ).toEqual(["code-scanning/upload-sarif body must have required property 'sarif'"]);
    expect(
      checkGitHubRequest({ method: 'POST', url: sarifs, body: { ...upload, commit_sha: 'abc1234' } }).join(
        '\n',
      ),
    ).toMatch(/commit_sha must match pattern/);
    expect(
      checkGitHubRequest({ method: 'POST', url: sarifs, body: { ...upload, ref: 'main' } }).join('\n'),
    ).toMatch(/ref must match pattern "\^refs\//);
    expect(
      checkGitHubRequest({
        method: 'POST',
        url: `/repos/${OWNER}/${REPO}/pulls/${PULL}/reviews`,
        body: { event: 'COMMENT', comments: [{ path: 'a.html', line: 3 }] },
      }),
    ).toEqual(["pulls/create-review body/comments/0 must have required property 'body'"]);
    expect(
      checkGitHubRequest({ method: 'GET', url: `/repos/${OWNER}/${REPO}/pulls/${PULL}/files?per_page=all` }),
    ).toEqual(['pulls/list-files query parameter per_page must be integer']);
    expect(
      checkGitHubRequest({ method: 'POST', url: `/repos/${OWNER}/${REPO}/pulls/${PULL}/suggestions` }),
    ).toEqual([
      `POST /repos/${OWNER}/${REPO}/pulls/${PULL}/suggestions: no such operation in GitHub's REST description`,
    ]);
  });

  it('finds an answer GitHub would not give: a review without its required fields, a 204 with a body', () => {
    const reviews = `/repos/${OWNER}/${REPO}/pulls/${PULL}/reviews`;
    expect(
      checkGitHubResponse({ method: 'POST', url: reviews, status: 200, body: { id: 1, body: 'x' } }).join(
        '\n',
      ),
    ).toMatch(/must have required property 'node_id'/);
    expect(
      checkGitHubResponse({
        method: 'DELETE',
        url: `/repos/${OWNER}/${REPO}/pulls/comments/1`,
        status: 204,
        body: { deleted: true },
      }),
    ).toEqual(['pulls/delete-review-comment 204: the description gives no body']);
  });

  it('refuses an invalid request with 422 as GitHub does, and keeps it among the problems the suites assert empty', async () => {
    const github = await startFakeGitHub({ owner: OWNER, repo: REPO, pullNumber: PULL });
    started.push(github);
    const answer = await fetch(`${github.url}/repos/${OWNER}/${REPO}/code-scanning/sarifs`, {
      method: 'POST',
      headers: { authorization: `token ${github.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commit_sha: 'abc1234', ref: 'main', sarif: 'x', tool: 'altwise' }),
    });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toMatch(/^Invalid request\./);
    expect(github.sarifs).toHaveLength(0);
    expect(github.problems().length).toBe(4);
    // Node's fetch sends a User-Agent; without one, GitHub answers 403 whatever the request.
    const bare = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${github.url}/repos/${OWNER}/${REPO}/pulls/${PULL}/files`,
        { headers: { authorization: `token ${github.token}` } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      request.on('error', reject);
    });
    expect(bare).toBe(403);
    expect(github.problems().at(-1)).toMatch(/no User-Agent header$/);
    // The answer itself is one GitHub documents for a refused upload: no answer problem, only the request's.
    expect(github.calls[0]!.responseProblems).toEqual([]);
  });
});
