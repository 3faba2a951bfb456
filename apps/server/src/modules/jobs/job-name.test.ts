import { describe, expect, it } from 'vitest';
import { fileNameOf, jobNameOf } from './job-name';

describe('a new job\'s name', () => {
  it('is the name asked for, made one line and at most 120 characters (an audit passes its page title)', () => {
    expect(jobNameOf('Audit: Our\n\tshop\u0007 ', undefined, [])).toBe('Audit: Our shop');
    const long = jobNameOf(`Audit: ${'x'.repeat(200)}`, undefined, []);
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('else the source\'s own name, else the folder, one file\'s name, a count of files, or the images\' site', () => {
    expect(jobNameOf(undefined, 'products.csv', [{ imageUrl: 'https://a.example/1.png' }])).toBe('products.csv');
    expect(jobNameOf(undefined, undefined, [{ imageUrl: 'file:1', path: 'trip/a.png' }, { imageUrl: 'file:2', path: 'trip/day 2/b.png' }])).toBe('trip');
    expect(jobNameOf(undefined, undefined, [{ imageUrl: 'file:1', path: 'a.png' }])).toBe('a.png');
    expect(jobNameOf(undefined, undefined, [{ imageUrl: 'file:1', path: 'a.png' }, { imageUrl: 'file:2', path: 'trip/b.png' }])).toBe('2 files');
    expect(jobNameOf(undefined, undefined, [{ imageUrl: 'https://a.example/1.png' }, { imageUrl: 'https://a.example/2.png' }])).toBe('Images from a.example');
    expect(jobNameOf(undefined, undefined, [{ imageUrl: 'https://a.example/1.png' }, { imageUrl: 'http://b.example/2.png' }])).toBe('Images from 2 sites');
  });

  it('takes the last part of a client\'s file name, without control characters', () => {
    expect(fileNameOf('C:\\exports\\products.csv')).toBe('products.csv');
    expect(fileNameOf('uploads/\u0000shop.zip')).toBe('shop.zip');
    expect(fileNameOf('')).toBeUndefined();
  });
});
