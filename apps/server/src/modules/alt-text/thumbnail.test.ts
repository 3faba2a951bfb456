import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createThumbnails, THUMBNAIL_EDGE } from './thumbnail';

const png = (red: number) => sharp({ create: { width: 400, height: 200, channels: 3, background: { r: red, g: 90, b: 40 } } }).png().toBuffer();

describe('upload previews', () => {
  it('renders a small WebP once per image: the same hash shares one render until it is the oldest of those remembered', async () => {
    const thumbnails = createThumbnails(2);
    const a = await png(10);
    const first = thumbnails.of(a, 'hash-a');
    expect(thumbnails.of(a, 'hash-a')).toBe(first);
    const preview = Buffer.from((await first)!.split(',')[1]!, 'base64');
    const meta = await sharp(preview).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(THUMBNAIL_EDGE);

    thumbnails.of(await png(20), 'hash-b');
    expect(thumbnails.of(a, 'hash-a')).toBe(first); // used again: now the newest
    thumbnails.of(await png(30), 'hash-c'); // evicts b, the oldest: [a, c]
    expect(thumbnails.of(a, 'hash-a')).toBe(first); // [c, a]
    const again = thumbnails.of(await png(20), 'hash-b'); // rendered again, evicts c: [a, b]
    expect(await again).toMatch(/^data:image\/webp;base64,/);
    thumbnails.of(await png(40), 'hash-d'); // evicts a: [b, d]
    expect(thumbnails.of(a, 'hash-a')).not.toBe(first);
  });

  it('answers null for bytes that do not decode, costing only the preview', async () => {
    expect(await createThumbnails().of(Buffer.from('not an image'), 'hash-x')).toBeNull();
  });
});
