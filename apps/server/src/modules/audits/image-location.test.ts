import { describe, expect, it } from 'vitest';
import { findPageImages } from './page-images';
import { locationOf, ordinal } from './image-location';

describe('readable image locations', () => {
  it('counts in English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });

  it('names the landmark, the heading inside it and the element, or the page alone', () => {
    expect(locationOf({ landmark: { name: 'Main', label: null }, heading: 'Our products', ordinal: 3, kind: 'img', container: 'figure' })).toBe('Main › "Our products" › 3rd image in figure');
    expect(locationOf({ landmark: null, heading: null, ordinal: 1, kind: 'svg', container: null })).toBe('1st SVG image on the page');
  });

  it('does not take a heading from before the landmark, and counts images per place', () => {
    const { images } = findPageImages(
      `<h1>Welcome</h1><img src="/a.png" alt="a"><div role="navigation" aria-label="Footer links"><img src="/b.png" alt="b"><button><img src="/c.png" alt="Close"></button></div>
       <article><header><img src="/d.png" alt="d"></header></article><section><h2>Team</h2><img src="/e.png" alt="e"><img src="/f.png" alt="f"></section>`,
      new URL('https://example.com/'),
    );
    expect(images.map((image) => image.location)).toEqual([
      '"Welcome" › 1st image',
      'Navigation "Footer links" › 1st image',
      'Navigation "Footer links" › 2nd image in button',
      // A <header> inside an article is no banner landmark: its place is the heading above it.
      '"Welcome" › 2nd image',
      '"Team" › 1st image',
      '"Team" › 2nd image',
    ]);
  });
});
