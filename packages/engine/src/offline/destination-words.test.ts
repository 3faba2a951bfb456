import { describe, expect, it } from 'vitest';
import { destinationWords } from './destination-words';

describe('destinationWords', () => {
  it('names a page of a site by its path, a site by its name', () => {
    expect(destinationWords('/pricing')).toBe('Pricing');
    expect(destinationWords('https://www.altwise.example/')).toBe('Altwise');
  });

  // Issue 34: an image link to Instagram was named "Riverfestival", as if it led to the festival's site.
  it.each([
    ['https://www.instagram.com/riverfestival/', 'Riverfestival on Instagram'],
    ['https://twitter.com/riverfestival', 'Riverfestival on X'],
    ['https://x.com/riverfestival', 'Riverfestival on X'],
    ['https://www.facebook.com/riverfestival', 'Riverfestival on Facebook'],
    ['https://www.youtube.com/@riverfestival', 'Riverfestival on YouTube'],
    ['https://github.com/altwise', 'Altwise on GitHub'],
    ['https://www.instagram.com/', 'Instagram'],
  ])('says which platform a profile link leads to: %s', (href, words) => {
    expect(destinationWords(href)).toBe(words);
  });
});
