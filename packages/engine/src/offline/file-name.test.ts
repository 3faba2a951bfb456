import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('cleanFileName', () => {
  it.each([
    ['red-sports-car_1024x768.png', 'Red sports car'],
    ['IMG_1234-final-copy.jpg', ''],
    ['DSC0001.JPG', ''],
    ['PXL_20240101_123456789.jpg', ''],
    ['golden_retriever@2x.webp', 'Golden retriever'],
    ['team-photo-2024-v2-edited.jpeg', 'Team'],
    ['3f2a9c8e1b7d4a6f.png', ''],
    ['0b6e4f9a-3c2d-4e1f-8a7b-9c0d1e2f3a4b.jpg', ''],
    ['Screenshot 2024-05-01 at 10.31.22.png', ''],
    ['cat-and-dog (1).png', 'Cat and dog'],
    ['/uploads/2024/05/mountain%20lake.jpg?w=800', 'Mountain lake'],
    ['heroBanner.png', 'Hero banner'],
    ['x.png', ''],
  ])('turns %s into "%s"', (input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });

  it('returns an empty string for no name', () => {
    expect(cleanFileName(undefined)).toBe('');
  });
});
