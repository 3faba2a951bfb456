// Issue 36 in the Action: with `verify: true` each image is read several times, and an image whose
// readings disagree is posted as a plain comment saying on what ("2 of 3 readings say `red`, 1 says
// `orange`"), never as a one-click suggestion; images whose readings agree keep their suggestion.
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, REVIEW_MARKER } from '../src/review-text';
import { ALT_BY_FILE, FIVE_PAGE, IMAGES, run, setup, tokensOf } from './action-harness';

const suggestion = (body: string) => /```suggestion\n([\s\S]*?)\n```/.exec(body)?.[1];

/** The boat's three readings disagree on a colour and a count; the others agree. Unverified: no readings. */
function answer(body: Record<string, unknown>) {
  const fileName = String(body.fileName);
  if (body.verify !== true) return { altText: ALT_BY_FILE[fileName] ?? 'A picture', verification: 'model' };
  if (fileName === 'boat.png')
    return {
      altText: 'Two red fishing boats moored in the harbour',
      verification: 'model',
      samples: 3,
      uncertain: [
        { kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
        { kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
      ],
    };
  return { altText: ALT_BY_FILE[fileName] ?? 'A picture', verification: 'model', samples: 3, uncertain: [] };
}

describe('the GitHub Action with verify', () => {
  it('posts an image whose readings disagree as a comment saying on what, not a suggestion; the others stay suggestions', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, answer, { verify: 'true' });
    const result = await run(state.env);

    // Every description asked for several readings.
    const described = state.api.requests.filter((request) => request.path === '/api/v1/images');
    expect(described).toHaveLength(3);
    for (const request of described) expect(request.body.verify).toBe(true);

    expect(state.github.reviews).toHaveLength(1);
    const byLine = new Map(state.github.comments.map((comment) => [comment.line, comment.body]));
    expect([...byLine.keys()].sort()).toEqual([5, 6, 9]);
    const boat = byLine.get(5)!;
    expect(boat.startsWith(COMMENT_MARKER)).toBe(true);
    expect(boat).not.toContain('```suggestion');
    expect(boat).toContain('**Readings disagree, not a suggestion**');
    expect(boat).toContain('- Colour: 2 of 3 readings say `red`, 1 says `orange`');
    expect(boat).toContain('- Count: 2 of 3 readings say `2`, 1 says `3`');
    // The majority's words, to check, in a plain block (not a change to commit).
    expect(boat).toContain('```text\nTwo red fishing boats moored in the harbour\n```');
    expect(suggestion(byLine.get(6)!)).toBe('<img src="images/quay.png" alt="Lobster pots stacked on the stone quay">');
    expect(suggestion(byLine.get(9)!)).toBe('<a href="/pricing"><img src="images/pricing.png" alt="Pricing"></a>');

    const summary = state.github.reviews[0]!.body;
    expect(summary).toContain('2 suggested alt texts below');
    expect(summary).toContain("1 alt text below as plain comments: the vision model's readings of that image disagree");
    expect(result.outputs).toMatchObject({ suggestions: '2', uncertain: '1', drafts: '0' });
  });

  it('quotes what the readings say as code: a hostile value posts no mention, link, image or HTML', async () => {
    const hostile = '@octocat [Fix here](https://evil.example/phish) ![t](https://evil.example/pixel.png) <b>bold</b>';
    const state = await setup(
      { 'site/index.html': FIVE_PAGE, ...IMAGES },
      (body) => ({
        altText: `A sign that says ${hostile}`,
        verification: 'model',
        samples: 3,
        uncertain: [{ kind: 'text', readings: [{ value: hostile, count: 2 }, { value: 'OPEN\n\n- [x](https://evil.example/list)', count: 1 }] }],
        ...(body.verify === true ? {} : { uncertain: [] }),
      }),
      { verify: 'true' },
    );
    await run(state.env);
    expect(state.github.comments).toHaveLength(3);
    for (const comment of state.github.comments) {
      expect(comment.body).toContain('- Text in the image: 2 of 3 readings say `');
      const tokens = tokensOf(comment.body);
      expect(
        tokens.filter((token) => ['link', 'image', 'html', 'strong'].includes(token.type) && token.raw.trim() !== COMMENT_MARKER && !/^\*\*(Alt text|Readings disagree, not a suggestion)\*\*$/.test(token.raw)),
      ).toEqual([]);
      // Leaf text only: a list item's text token holds its code spans too.
      const plain = tokens
        .filter((token) => token.type === 'text' && !(token as { tokens?: unknown[] }).tokens?.length)
        .map((token) => token.raw)
        .join('\n');
      expect(plain).not.toMatch(/@octocat|evil\.example|<b>/);
    }
    expect(tokensOf(state.github.reviews[0]!.body).filter((token) => token.type === 'html' && token.raw.trim() !== REVIEW_MARKER)).toEqual([]);
  });

  it('without verify asks for one reading and suggests as before', async () => {
    const state = await setup({ 'site/index.html': FIVE_PAGE, ...IMAGES }, answer);
    const result = await run(state.env);
    for (const request of state.api.requests.filter((entry) => entry.path === '/api/v1/images')) expect(request.body.verify).toBeUndefined();
    expect(state.github.comments.every((comment) => comment.body.includes('```suggestion'))).toBe(true);
    expect(result.outputs).toMatchObject({ suggestions: '3', uncertain: '0' });
  });
});
