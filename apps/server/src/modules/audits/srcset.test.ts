import { describe, expect, it, vi } from 'vitest';
import { mediaMatches, parseSrcset, pickAt1x, slotWidth } from './srcset';

describe('srcset at 1x', () => {
  it('parses URLs that contain commas and descriptors with spaces', () => {
    expect(parseSrcset('a.png 1x, data:image/png;base64,AAA= 2x,b.png')).toEqual([
      { url: 'a.png', density: 1 },
      { url: 'data:image/png;base64,AAA=', density: 2 },
      { url: 'b.png' },
    ]);
  });

  it('picks the smallest density of at least 1, or the densest when all are below', () => {
    expect(pickAt1x('big.png 3x, mid.png 1.5x, small.png 0.5x')).toBe('mid.png');
    expect(pickAt1x('half.png 0.5x, quarter.png 0.25x')).toBe('half.png');
  });

  it('turns widths into densities through sizes', () => {
    expect(pickAt1x('s.png 320w, m.png 640w, l.png 1600w', '(max-width: 600px) 100vw, 640px')).toBe('m.png');
    expect(slotWidth('50vw')).toBe(640);
  });

  it('judges simple media queries on a 1280 px viewport', () => {
    expect(mediaMatches('(min-width: 1024px)')).toBe(true);
    expect(mediaMatches('(max-width: 600px)')).toBe(false);
    expect(mediaMatches('(orientation: portrait)')).toBe(false);
    expect(mediaMatches(undefined)).toBe(true);
  });
});

describe('srcset from a hostile page', () => {
  it('keeps the valid candidates of a srcset with bad descriptors and writes nothing of the page to the console', () => {
    const logged = vi.spyOn(console, 'log');
    try {
      expect(parseSrcset('ok.png 2x, evil.png 2q\nINJECTED, other.png 1x')).toEqual([
        { url: 'ok.png', density: 2 },
        { url: 'other.png', density: 1 },
      ]);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
