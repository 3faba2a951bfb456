// The action where GitHub says no: rate limits (primary and secondary, with retry-after), a fork's
// pull request (read-only token, told by the event), a refused SARIF upload and a rejected analysis,
// a comment someone deleted while the action ran (404). The gate and the outputs come in every case.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECONDARY_RATE_LIMIT } from '@altwise/test-support/fake-github';
import { RATE_LIMIT_RETRIES } from '../src/github-client';
import { SARIF_POLLS } from '../src/sarif-upload';
import { FIVE_PAGE, IMAGES, OWNER, PULL, REPO, pushed, run, setup } from './action-harness';

const REVIEWS = new RegExp(`^/repos/${OWNER}/${REPO}/pulls/${PULL}/reviews$`);
const SARIFS = new RegExp(`^/repos/${OWNER}/${REPO}/code-scanning/sarifs$`);

const calls = (state: Awaited<ReturnType<typeof setup>>, method: string, path: RegExp) =>
  state.github.calls.filter((call) => call.method === method && path.test(call.path));

/** Rewrites the event so that the pull request's head is in another repository (a fork). */
function fromFork(state: Awaited<ReturnType<typeof setup>>) {
  const event = JSON.parse(fs.readFileSync(state.env.GITHUB_EVENT_PATH!, 'utf8')) as {
    pull_request: { head: Record<string, unknown>; base: Record<string, unknown> };
  };
  event.pull_request.head.repo = { full_name: 'visitor/site' };
  event.pull_request.base.repo = { full_name: `${OWNER}/${REPO}` };
  fs.writeFileSync(state.env.GITHUB_EVENT_PATH!, JSON.stringify(event));
}

describe('the GitHub Action when GitHub limits or refuses it', () => {
  it('waits out a secondary rate limit (403, retry-after) and posts the review, saying it was a rate limit', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    state.github.fail({
      method: 'POST',
      path: REVIEWS,
      status: 403,
      message: SECONDARY_RATE_LIMIT,
      headers: { 'retry-after': '60' },
      times: 1,
    });
    const result = await run(state.env);
    expect(calls(state, 'POST', REVIEWS)).toHaveLength(2);
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.comments).toHaveLength(3);
    const warnings = result.log.warning.join('\n');
    expect(warnings).toMatch(
      /GitHub's secondary rate limit on POST .*waiting 60 s as GitHub asks, then retry 1 of/,
    );
    expect(warnings).not.toMatch(/fork/);
    expect(result.outputs['review-id']).toBe(String(state.github.reviews[0]!.id));
  });

  it('reports a rate limit that outlasts the retries as a rate limit, and still gives the gate and outputs', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    state.github.fail({
      method: 'POST',
      path: REVIEWS,
      status: 429,
      message: 'API rate limit exceeded',
      headers: { 'retry-after': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' },
      times: 99,
    });
    const result = await run(state.env);
    expect(calls(state, 'POST', REVIEWS)).toHaveLength(1 + RATE_LIMIT_RETRIES);
    expect(state.github.reviews).toHaveLength(0);
    expect(result.log.warning.join('\n')).toMatch(
      /could not post the review \(429: API rate limit exceeded[^)]*\): GitHub's rate limit held after the retries/,
    );
    expect(result.failure).toMatch(/error-level alt text finding/);
    expect(result.outputs).toMatchObject({ errors: '3', suggestions: '3' });
  });

  it('retries a 5xx with backoff', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    state.github.fail({
      method: 'GET',
      path: /\/pulls\/\d+\/files$/,
      status: 502,
      message: 'Server Error',
      times: 2,
    });
    const result = await run(state.env);
    expect(calls(state, 'GET', /\/pulls\/\d+\/files$/).length).toBeGreaterThanOrEqual(3);
    expect(state.github.reviews).toHaveLength(1);
    expect(result.outputs.errors).toBe('3');
  });

  it("knows a fork's pull request from the event: no review or upload attempted, annotations and the gate still come", async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    fromFork(state);
    const result = await run(state.env);
    expect(calls(state, 'POST', REVIEWS)).toHaveLength(0);
    expect(calls(state, 'POST', SARIFS)).toHaveLength(0);
    expect(state.api.requests).toHaveLength(0);
    expect(result.log.info.join('\n')).toMatch(
      /comes from the fork visitor\/site, whose workflow GitHub gives a read-only token/,
    );
    expect(result.log.command.join('\n')).toMatch(/^::error file=site\/index.html,line=5/m);
    expect(result.failure).toMatch(/error-level alt text finding/);
    expect(result.outputs.errors).toBe('3');
  });

  it("treats pull_request_target from a fork as writable (the base repository's token)", async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    fromFork(state);
    const result = await run({ ...state.env, GITHUB_EVENT_NAME: 'pull_request_target' });
    expect(state.github.reviews).toHaveLength(1);
    expect(result.outputs.suggestions).toBe('3');
  });

  it('degrades a refused SARIF upload (403) to annotations with a warning; the gate and outputs still come', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    state.github.fail({
      method: 'POST',
      path: SARIFS,
      status: 403,
      message: 'Advanced Security must be enabled for this repository to use code scanning.',
      times: 1,
    });
    const result = await run(state.env);
    expect(result.log.warning.join('\n')).toMatch(
      /the SARIF upload failed \(403: Advanced Security must be enabled.*\): the token may not upload to code scanning.*; the findings are shown as annotations instead/,
    );
    expect(
      result.log.command
        .join('\n')
        .split('\n')
        .map((line) => /line=(\d+)/.exec(line)?.[1]),
    ).toEqual(['5', '6', '9']);
    expect(result.failure).toMatch(/error-level alt text finding/);
    expect(result.outputs).toMatchObject({ errors: '3', suggestions: '3' });
    expect(result.outputs['sarif-id']).toBeUndefined();
    expect(state.github.reviews).toHaveLength(1);
  });

  it("polls the upload's status until it is processed, and reports a rejected analysis with GitHub's errors", async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    state.github.sarifProcessing = [
      { processing_status: 'pending' },
      { processing_status: 'pending' },
      { processing_status: 'complete' },
    ];
    const done = await run(state.env);
    expect(calls(state, 'GET', /\/code-scanning\/sarifs\/sarif-1$/)).toHaveLength(3);
    expect(done.outputs['sarif-id']).toBe('sarif-1');
    expect(done.log.info.join('\n')).toContain('SARIF uploaded to code scanning (sarif-1, processed)');
    expect(done.log.command).toEqual([]);

    state.github.sarifProcessing = [
      { processing_status: 'failed', errors: ['locationFromSarifResult: expected artifact location'] },
    ];
    const rejected = await run(state.env);
    expect(rejected.log.warning.join('\n')).toMatch(
      /code scanning rejected the analysis sarif-2: locationFromSarifResult: expected artifact location; the findings are shown as annotations instead/,
    );
    expect(rejected.log.command.join('\n')).toMatch(/line=5/);
    expect(rejected.outputs['sarif-id']).toBe('sarif-2');
  });

  it('stops polling after a bounded number of polls and says the analysis is still processing', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    state.github.sarifProcessing = [{ processing_status: 'pending' }];
    const result = await run(state.env);
    expect(calls(state, 'GET', /\/code-scanning\/sarifs\/sarif-1$/)).toHaveLength(SARIF_POLLS);
    expect(result.log.info.join('\n')).toContain('(sarif-1, still processing)');
    expect(result.outputs['sarif-id']).toBe('sarif-1');
  });

  it('a comment deleted by someone while the action runs (404 on its edit or its delete) is posted anew or counted gone, and the review goes on', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    await run(state.env);
    const [first] = state.github.comments.map((comment) => comment.id);
    // The edit of the first comment finds it gone: the action posts it again, in a new review.
    state.github.fail({ method: 'PATCH', path: new RegExp(`/pulls/comments/${first}$`), status: 404, message: 'Not Found', times: 1 });
    state.api.answer = () => ({ altText: 'A harbour photograph', verification: 'model' });
    const edited = await run(state.env);
    expect(edited.log.warning.join('\n')).not.toMatch(/could not post the review/);
    expect(edited.log.info.join('\n')).toMatch(/1 comments posted, 2 updated, 0 deleted/);
    expect(calls(state, 'POST', REVIEWS)).toHaveLength(2);

    // The delete of a fixed image's comment finds it gone: nothing to delete, and the run goes on.
    const other = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    await run(other.env);
    pushed(other, {
      'site/index.html': FIVE_PAGE.replace(
        '<img src="images/boat.png">',
        '<img src="images/boat.png" alt="A blue fishing boat moored in the harbour">',
      ),
    });
    other.github.fail({ method: 'DELETE', path: /\/pulls\/comments\/\d+$/, status: 404, message: 'Not Found', times: 1 });
    const fixed = await run(other.env);
    expect(fixed.log.warning.join('\n')).not.toMatch(/could not post the review/);
    expect(fixed.log.info.join('\n')).toMatch(/0 comments posted, 0 updated, 0 deleted/);
    expect(fixed.outputs['review-id']).toBeDefined();
  });
});
