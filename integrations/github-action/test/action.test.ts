// The action end to end: a pull request made with real git, the loopback fake of GitHub's REST API
// (GITHUB_API_URL), and the CLI tests' fake Altwise API. In process through runAction, and once as
// GitHub runs it: node dist/index.js in a child process.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, REVIEW_MARKER, SUPERSEDED } from '../src/review-text';
import { BASE_PAGE, cleanups, DIST, FIVE_PAGE, IMAGES, PULL, pushed, run, setup, tokensOf } from './action-harness';
import { git, makeMergeCheckout, png } from './pull-request-repo';

const suggestion = (body: string) => /```suggestion\n([\s\S]*?)\n```/.exec(body)?.[1];

describe('the GitHub Action on a pull request', () => {
  it('posts one review with suggested changes on the exact lines for the missing, poor and link-only images, and fails the gate', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    const result = await run(state.env);

    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.reviews[0]!.body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(state.github.reviews[0]!.commit_id).toBe(state.repo.head);
    const comments = state.github.comments.map((comment) => ({
      path: comment.path,
      line: comment.line,
      suggestion: suggestion(comment.body),
    }));
    expect(comments).toEqual([
      {
        path: 'site/index.html',
        line: 5,
        suggestion: '<img src="images/boat.png" alt="A blue fishing boat moored in the harbour">',
      },
      {
        path: 'site/index.html',
        line: 6,
        suggestion: '<img src="images/quay.png" alt="Lobster pots stacked on the stone quay">',
      },
      {
        path: 'site/index.html',
        line: 9,
        suggestion: '<a href="/pricing"><img src="images/pricing.png" alt="Pricing"></a>',
      },
    ]);
    expect(state.github.comments.every((comment) => comment.body.startsWith(COMMENT_MARKER))).toBe(true);
    expect(state.github.comments[0]!.body).toBe(
      `${COMMENT_MARKER}\n**Alt text** for \`images/boat.png\`: \`The image has no alt text: add a description, or alt="" if it is decorative (WCAG F65) (missing-alt)\`\n\n` +
        '```suggestion\n<img src="images/boat.png" alt="A blue fishing boat moored in the harbour">\n```\n\nWritten by a vision model through Altwise: check that it says what the image means here before committing.',
    );
    // The link-only image is described for its purpose; the good, decorative and unchanged ones are not described at all.
    const described = state.api.requests
      .filter((request) => request.path === '/api/v1/images')
      .map((request) => request.body.fileName)
      .sort();
    expect(described).toEqual(['boat.png', 'pricing.png', 'quay.png']);
    expect(
      state.api.requests.find((request) => request.body.fileName === 'pricing.png')!.body.purpose,
    ).toEqual({ kind: 'link', href: '/pricing' });
    expect(
      state.api.requests.every(
        (request) =>
          request.headers.authorization === 'Bearer ak_test_action' ||
          request.headers['x-api-key'] === 'ak_test_action',
      ),
    ).toBe(true);

    // The gate: errors on changed lines only (the old image's poor alt on an unchanged line is not counted).
    expect(result.failure).toMatch(/error-level alt text finding/);
    expect(result.outputs).toMatchObject({
      suggestions: '3',
      drafts: '0',
      'review-id': String(state.github.reviews[0]!.id),
    });
    expect(
      result.log.command
        .join('\n')
        .split('\n')
        .map((line) => /line=(\d+)/.exec(line)?.[1]),
    ).toEqual(['5', '6', '9']);
  });

  it('updates its own review on a re-run instead of posting another, and drops the comment of a fixed image after a push', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    await run(state.env);
    const first = state.github.comments.map((comment) => comment.id);

    const again = await run(state.env);
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.comments.map((comment) => comment.id)).toEqual(first);
    expect(again.log.info.join('\n')).toMatch(/0 comments posted, 0 updated, 0 deleted/);

    // The author commits the suggestion for the boat: that comment goes, the others stay as they were.
    pushed(state, {
      'site/index.html': FIVE_PAGE.replace(
        '<img src="images/boat.png">',
        '<img src="images/boat.png" alt="A blue fishing boat moored in the harbour">',
      ),
    });
    await run(state.env);
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.comments.map((comment) => comment.line)).toEqual([6, 9]);
    expect(state.github.comments.map((comment) => comment.id)).toEqual(first.slice(1));

    // A push that adds an image needs a new comment: a new review holds it, and the old one says it is superseded.
    pushed(state, {
      'site/about.html': '<p>About us</p>\n<img src="images/boat.png">\n',
      'site/index.html': fs.readFileSync(path.join(state.repo.dir, 'site/index.html'), 'utf8'),
    });
    await run(state.env);
    expect(state.github.reviews).toHaveLength(2);
    expect(state.github.reviews[0]!.body).toBe(SUPERSEDED);
    expect(state.github.comments.map((comment) => `${comment.path}:${comment.line}`).sort()).toEqual([
      'site/about.html:2',
      'site/index.html:6',
      'site/index.html:9',
    ]);
  });

  it('keeps its comments when a push adds lines above them: GitHub moves them with their lines, the re-run posts and deletes nothing', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    await run(state.env);
    const ids = state.github.comments.map((comment) => comment.id);
    expect(state.github.comments.map((comment) => comment.line)).toEqual([5, 6, 9]);
    pushed(state, {
      'site/index.html': FIVE_PAGE.replace(
        '<body>\n',
        '<body>\n<h1>Harbour</h1>\n<p>News from the quay.</p>\n',
      ),
    });
    expect(state.github.comments.map((comment) => comment.line)).toEqual([7, 8, 11]);
    const again = await run(state.env);
    expect(again.log.info.join('\n')).toMatch(/0 comments posted, 0 updated, 0 deleted/);
    expect(state.github.comments.map((comment) => comment.id)).toEqual(ids);
    expect(state.github.reviews).toHaveLength(1);
  });

  it('edits its own comments in place (PATCH) when a re-run suggests other words for the same lines', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    await run(state.env);
    const ids = state.github.comments.map((comment) => comment.id);
    state.api.answer = () => ({ altText: 'A harbour photograph', verification: 'model' });
    const again = await run(state.env);
    const patches = state.github.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.path)).toEqual(
      ids.map((id) => `/repos/harbour/site/pulls/comments/${id}`),
    );
    expect(state.github.comments.map((comment) => comment.id)).toEqual(ids);
    expect(
      state.github.comments.every((comment) => comment.body.includes('alt="A harbour photograph"')),
    ).toBe(true);
    expect(state.github.reviews).toHaveLength(1);
    expect(again.log.info.join('\n')).toMatch(/0 comments posted, 3 updated, 0 deleted/);
  });

  it('passes a pull request whose alt text is good, with no review and no description asked', async () => {
    const page = BASE_PAGE.replace(
      '</body>',
      '<img src="images/lighthouse.png" alt="The lighthouse on the cape at dusk">\n<img src="images/divider.png" alt="">\n</body>',
    );
    const state = await setup({ 'site/index.html': page, ...IMAGES });
    const result = await run(state.env);
    expect(result.failure).toBeUndefined();
    expect(state.github.reviews).toHaveLength(0);
    expect(state.api.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ errors: '0', suggestions: '0' });
  });

  it('never suggests a draft as final: a server without a vision model gets plain comments that say "draft"', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, () => ({
      altText: 'Harbour tours graphic in blue',
      verification: 'draft',
      verificationReason: 'no_vision_model',
    }));
    const result = await run(state.env);
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.comments).toHaveLength(3);
    for (const comment of state.github.comments) {
      expect(comment.body).not.toContain('```suggestion');
      expect(comment.body).toMatch(/Draft, not a suggestion/);
      expect(comment.body).toContain('draft: no vision model described this image (no_vision_model)');
      expect(comment.body).toContain('Harbour tours graphic in blue');
    }
    expect(result.outputs).toMatchObject({ suggestions: '0', drafts: '3' });
  });

  it('never reads an image outside the checkout: a symlink out is refused and logged, nothing uploaded', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-outside-'));
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    fs.writeFileSync(path.join(outside, 'secret.png'), png(9));
    const state = await setup({
      'site/index.html': BASE_PAGE.replace('</body>', '<img src="../images/link.png">\n</body>'),
      'images/placeholder': 'x',
    });
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(state.repo.dir, 'images/link.png'));
    const result = await run(state.env);
    expect(result.log.warning.join('\n')).toContain(
      'site/index.html:5 ../images/link.png: refused: the image is outside the working folder',
    );
    expect(state.api.requests).toHaveLength(0);
    expect(state.github.comments).toHaveLength(0);
    expect(state.github.reviews).toHaveLength(0);
  });

  it('runs as GitHub runs it (node dist/index.js): uploads SARIF for the changed lines, sets outputs, exits 1 on the gate', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, undefined, { report: 'sarif' });
    const outputFile = path.join(path.dirname(state.env.GITHUB_EVENT_PATH!), 'output');
    fs.writeFileSync(outputFile, '');
    const child = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [DIST],
        { env: { ...state.env, GITHUB_OUTPUT: outputFile }, cwd: state.repo.dir },
        (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
      );
    });
    expect(child.code).toBe(1);
    expect(child.stdout).toMatch(/::error::altwise: \d+ error-level alt text findings on changed lines/);
    // The key is masked before anything runs.
    expect(child.stdout).toContain('::add-mask::ak_test_action');
    expect(state.github.sarifs).toHaveLength(1);
    const upload = state.github.sarifs[0]!;
    expect(upload).toMatchObject({
      commit_sha: state.repo.head,
      ref: `refs/pull/${PULL}/head`,
      tool_name: 'altwise',
    });
    const results = (
      upload.sarif as {
        runs: Array<{
          results: Array<{
            ruleId: string;
            locations: Array<{ physicalLocation: { region: { startLine: number } } }>;
          }>;
        }>;
      }
    ).runs[0]!.results;
    expect([
      ...new Set(results.map((entry) => entry.locations[0]!.physicalLocation.region.startLine)),
    ]).toEqual([5, 6, 9]);
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.comments).toHaveLength(3);
    const outputs = fs.readFileSync(outputFile, 'utf8');
    expect(outputs).toMatch(/suggestions<<[^\n]+\n3\n/);
    expect(outputs).toMatch(/sarif-id<<[^\n]+\nsarif-1\n/);
  });

  it("reads the head commit, not GitHub's test merge commit, when the base branch moved on: same lines, same gate", async () => {
    // The base branch added 3 lines at the top of the same page after the branch was made.
    const moved = BASE_PAGE.replace(
      '<html lang="en">\n',
      '<html lang="en">\n<!-- a -->\n<!-- b -->\n<!-- c -->\n',
    );
    const merged = makeMergeCheckout(
      { 'site/index.html': BASE_PAGE, 'site/images/old.png': png(1) },
      { 'site/index.html': FIVE_PAGE, ...IMAGES },
      { 'site/index.html': moved },
    );
    const state = await setup({}, undefined, {}, merged);
    // The checkout holds the merge commit (a shallow clone without the head commit).
    expect(git(merged.dir, ['rev-parse', 'HEAD']).trim()).toBe(merged.merge);
    expect(fs.readFileSync(path.join(merged.dir, 'site/index.html'), 'utf8')).toContain('<!-- c -->');

    const result = await run(state.env);
    expect(result.log.info.join('\n')).toContain('not the head commit the review and findings name');
    expect(state.github.reviews).toHaveLength(1);
    expect(state.github.reviews[0]!.commit_id).toBe(merged.head);
    const lines = FIVE_PAGE.split('\n');
    expect(
      state.github.comments.map((comment) => [
        comment.line,
        suggestion(comment.body)?.replace(/ alt="[^"]*"/, ''),
      ]),
    ).toEqual([
      [5, lines[4]],
      [6, lines[5].replace(/ alt="[^"]*"/, '')],
      [9, lines[8]],
    ]);
    // The gate counts every changed image: the same errors as on a checkout of the head itself.
    const onHead = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES });
    const headResult = await run(onHead.env);
    expect(result.outputs.errors).toBe(headResult.outputs.errors);
    expect(Number(result.outputs.errors)).toBeGreaterThanOrEqual(3);
    expect(result.failure).toBe(headResult.failure);
    // The worktree of the head is gone afterwards; the checkout is as it was.
    expect(git(merged.dir, ['worktree', 'list']).trim().split('\n')).toHaveLength(1);
    expect(git(merged.dir, ['rev-parse', 'HEAD']).trim()).toBe(merged.merge);
  });

  it('refuses, saying what to change, when the checkout is a merge commit and the head cannot be fetched', async () => {
    const merged = makeMergeCheckout(
      { 'site/index.html': BASE_PAGE },
      { 'site/index.html': FIVE_PAGE, ...IMAGES },
      { 'site/index.html': `<!-- moved -->\n${BASE_PAGE}` },
    );
    const state = await setup({}, undefined, {}, merged);
    fs.rmSync(merged.origin, { recursive: true, force: true });
    await expect(run(state.env)).rejects.toThrow(
      /not the pull request's head commit [0-9a-f]{40}, and fetching the head failed .*ref: \$\{\{ github\.event\.pull_request\.head\.sha \}\}/,
    );
    expect(state.github.reviews).toHaveLength(0);
    expect(state.github.sarifs).toHaveLength(0);
  });

  it('quotes every piece of pull-request text as code: a hostile src posts no mention, link, remote image or HTML, and a newline keeps the list', async () => {
    const hostile =
      'images/@octocat [Fix here](https://evil.example/phish) ![t](https://evil.example/pixel.png) <b>bold</b>.png';
    const page = BASE_PAGE.replace(
      '</body>',
      `<img src="images/boat.png">\n<img src="${hostile}">\n<img src="images/a\n\n- [x](https://evil.example/list) @octocat\n\nb.png">\n</body>`,
    );
    const state = await setup({ 'site/index.html': page, ...IMAGES });
    await run(state.env);
    expect(state.github.reviews).toHaveLength(1);
    const body = state.github.reviews[0]!.body;
    expect(body).toContain('No suggestion for:');
    const tokens = tokensOf(body);
    // The only HTML is the review's own marker (an HTML comment, invisible on GitHub).
    expect(
      tokens.filter(
        (token) =>
          ['link', 'image', 'html', 'strong'].includes(token.type) && token.raw.trim() !== REVIEW_MARKER,
      ),
    ).toEqual([]);
    // Outside code, no text holds the mention or the URLs; inside code it is all still there to read.
    const plain = tokens
      .filter((token) => token.type === 'text')
      .map((token) => token.raw)
      .join('\n');
    expect(plain).not.toMatch(/@octocat|evil\.example|<b>/);
    const code = tokens
      .filter((token) => token.type === 'codespan')
      .map((token) => token.raw)
      .join('\n');
    expect(code).toContain('@octocat [Fix here](https://evil.example/phish)');
    // One list item per image: the newline in the second src did not start a new item.
    const list = tokens.find((token) => token.type === 'list') as { items: Token[] } | undefined;
    expect(list?.items).toHaveLength(2);
  });
});
