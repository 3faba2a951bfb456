// The pieces a suggestion is built from: which head lines a patch adds and which it shows, and the
// replacement text of a run of lines when one or several images on it get alt text.
import { editFor } from '@altwise/cli/action-kit';
import { describe, expect, it } from 'vitest';
import { findImages } from '@altwise/engine/markup';
import { parsePatch } from '../src/pull-request-diff';
import { lineProposals } from '../src/suggestions';
import type { ImageProposal } from '../src/suggestions';

const findImagesForTest = (source: string, file: string) => findImages(source, file, { root: '/w' });

describe('parsePatch', () => {
  it('counts head lines through context, removals and "no newline" markers', () => {
    const patch = [
      '@@ -1,3 +1,4 @@',
      ' <p>a</p>',
      '-<img src="x.png">',
      '+<img src="x.png" alt="">',
      '+<img src="y.png">',
      ' <p>b</p>',
      '\\ No newline at end of file',
      '@@ -10 +11,0 @@',
      '-gone',
    ].join('\n');
    const { added, hunks } = parsePatch(patch);
    expect([...added]).toEqual([2, 3]);
    expect(hunks).toEqual([[1, 4]]);
  });
});

describe('lineProposals', () => {
  const proposal = (source: string, file: string, index: number, altText: string): ImageProposal => {
    const image = findImagesForTest(source, file)[index]!;
    return {
      image,
      why: 'missing',
      altText,
      description: { altText, verification: 'model' },
      uncertain: [],
      edit: editFor(image, altText),
    };
  };

  it('makes one suggestion of two images on one line, each edited as fill would', () => {
    const source = '<p>x</p>\r\n<img src="a.png"> and <img src=\'b.png\' alt="IMG_1.jpg">\r\n<p>y</p>\r\n';
    const lines = lineProposals({ relative: 'a.html', source, images: [] }, [
      proposal(source, '/w/a.html', 0, 'A "quoted" cat'),
      proposal(source, '/w/a.html', 1, "Bob's dog"),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ startLine: 2, endLine: 2, draft: false });
    expect(lines[0]!.replacement).toBe(
      '<img src="a.png" alt="A &quot;quoted&quot; cat"> and <img src=\'b.png\' alt="Bob\'s dog">',
    );
  });

  it('spans the lines of an alt value that runs over several lines, and escapes Markdown', () => {
    const source = '# T\n<img src="a.png" alt="image\nof a cat">\n![IMG_2.png](b.png)\n';
    const lines = lineProposals({ relative: 'a.md', source, images: [] }, [
      proposal(source, '/w/a.md', 0, 'A cat'),
      proposal(source, '/w/a.md', 1, 'A [big] dog'),
    ]);
    expect(lines.map(({ startLine, endLine, replacement }) => ({ startLine, endLine, replacement }))).toEqual(
      [
        { startLine: 2, endLine: 3, replacement: '<img src="a.png" alt="A cat">' },
        { startLine: 4, endLine: 4, replacement: '![A \\[big\\] dog](b.png)' },
      ],
    );
  });
});
