import { describe, expect, it } from 'vitest';
import { previewCsv } from './new-job-form';

describe('previewCsv', () => {
  it('shows the first rows and reports rows without a usable image URL by line', () => {
    const preview = previewCsv('image_url,sku\nhttps://a.test/1.png,A\nnot-a-url,B\n"https://a.test/3.png",C\n');
    expect(preview.header).toEqual(['image_url', 'sku']);
    expect(preview.rows).toEqual([
      ['https://a.test/1.png', 'A'],
      ['not-a-url', 'B'],
      ['https://a.test/3.png', 'C'],
    ]);
    expect(preview.total).toBe(3);
    expect(preview.errors).toEqual([{ row: 3, reason: 'Image URL must be an http or https address' }]);
  });

  it('says so when the image_url column is missing', () => {
    expect(previewCsv('url\nhttps://a.test/1.png').errors).toEqual([{ row: 1, reason: 'The CSV needs an image_url column' }]);
  });
});
