import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from './html-tree';
import { childrenOf } from './html-tree';
import { findPageImages, imagesOfDocument } from './page-images';

const PAGE_URL = new URL('https://shop.example/catalogue/');
const PROPERTIES = ['tagName', 'attrs', 'childNodes', 'parentNode'] as const;

/**
 * Parses `html` and counts every read of a node's tag, attributes, children or parent while the
 * images are found: the work done, counted instead of timed (the same on any machine).
 */
function countedReads(html: string, maxImages: number): { reads: number; images: number } {
  const document = parse(html);
  let reads = 0;
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOf(node));
    for (const property of PROPERTIES) {
      if (!(property in node)) continue;
      let value = (node as unknown as Record<string, unknown>)[property];
      Object.defineProperty(node, property, {
        get: () => {
          reads += 1;
          return value;
        },
        set: (next: unknown) => {
          value = next;
        },
      });
    }
  }
  const found = imagesOfDocument(document, PAGE_URL, { maxImages });
  return { reads, images: found.images.length };
}

/** A product grid: a heading, then one card per product, each a linked image with no other text. */
const grid = (count: number) =>
  `<!doctype html><html lang="en"><body><h1>Shop</h1>${Array.from({ length: count }, (_, index) => `<div><a href="/p/${index}"><img src="/i/${index}.png"></a></div>`).join('')}</body></html>`;

/** Each image one level deeper than the last: no closing tags at all. */
const nested = (count: number) => `<!doctype html><html><body>${'<div><img src="/d.png">'.repeat(count)}</body></html>`;

describe('finding the images of a page takes time linear in its size', () => {
  it('does four times the work for four times the images (a grid of linked images)', () => {
    const small = countedReads(grid(4_000), Infinity);
    const large = countedReads(grid(16_000), Infinity);
    expect(small.images).toBe(4_000);
    expect(large.images).toBe(16_000);
    // Quadratic work (a rescan of the page per image) would be 16 times.
    expect(large.reads / small.reads).toBeLessThan(4.5);
  });

  it('does four times the work for four times the images nested ever deeper', () => {
    const small = countedReads(nested(2_000), Infinity);
    const large = countedReads(nested(8_000), Infinity);
    expect(small.images).toBe(2_000);
    expect(large.images).toBe(8_000);
    expect(large.reads / small.reads).toBeLessThan(4.5);
  });

  it('stops describing images at the cap and counts the rest', () => {
    const found = imagesOfDocument(parse(grid(50)), PAGE_URL, { maxImages: 20 });
    expect(found.images).toHaveLength(20);
    expect(found.notAudited).toBe(30);
    expect(found.images.at(-1)!.imageUrl).toBe('https://shop.example/i/19.png');
  });

  it('keeps selectors, names and context short on a hostile page', () => {
    const deep = findPageImages(nested(3_000), PAGE_URL);
    expect(Math.max(...deep.images.map((image) => image.selector.length))).toBeLessThan(2_000);
    const huge = 'word '.repeat(200_000);
    const labelled = findPageImages(
      `<span id="big">${huge}</span><h2>${huge}</h2>${'<img src="/a.png" aria-labelledby="big big big">'.repeat(500)}<a href="/x">${huge}<img src="/b.png"></a>`,
      PAGE_URL,
    );
    const longest = Math.max(
      ...labelled.images.flatMap((image) => [image.accessibleName?.length ?? 0, image.context.heading?.length ?? 0, image.context.link?.text.length ?? 0]),
    );
    expect(longest).toBeLessThanOrEqual(1_000);
  });
});
