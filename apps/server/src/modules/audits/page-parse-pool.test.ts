import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { findPageImages } from './page-images';
import type { PageParsePool } from './page-parse-pool';
import { createPageParsePool } from './page-parse-pool';

const PAGE_URL = new URL('https://example.com/');
const page = (count: number) => `<html lang="en"><body><h1>Boats</h1>${'<a href="/b"><img src="/b.png"></a><p>A boat</p>'.repeat(count)}</body></html>`;

describe('the page-parsing worker pool', () => {
  let pool: PageParsePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('finds on a worker thread what the parser finds here', async () => {
    pool = createPageParsePool({ size: 1 });
    const html = page(30);
    expect(await pool.parse(html, PAGE_URL, 20)).toEqual(findPageImages(html, PAGE_URL, { maxImages: 20 }));
    // Answered by another thread than the one this test (and a server's event loop) runs on.
    expect(pool.parsedOn).toHaveLength(1);
    expect(pool.parsedOn[0]).not.toBe(threadId);
  });

  it('refuses a page over its deadline with a 422, ends that worker, and parses the next page with a new one', async () => {
    pool = createPageParsePool({ size: 1, timeoutMs: 1 });
    const refused = await pool.parse(page(20_000), PAGE_URL, 10).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 422, message: expect.stringContaining('too complex') });
    await pool.close();

    pool = createPageParsePool({ size: 1, timeoutMs: 20_000 });
    expect((await pool.parse(page(3), PAGE_URL, 10)).images).toHaveLength(3);
  });

  it('queues pages beyond its size and answers each its own', async () => {
    pool = createPageParsePool({ size: 1 });
    const counts = [1, 2, 3, 4];
    const results = await Promise.all(counts.map((count) => pool!.parse(page(count), PAGE_URL, 10)));
    expect(results.map((result) => result.images.length)).toEqual(counts);
  });
});
