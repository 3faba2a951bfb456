// `altwise monitor fixes` finds the element a run judged in the page's source file by its selector:
// the selector the engine computes from the file (htmlSelectors, at findImages' offsets) must be the
// one the page walk gave the same page served as that file.
import { describe, expect, it } from 'vitest';
import { findImages, htmlSelectors } from '@altwise/engine/markup';
import { findPageImages } from './page-images';

const PAGES = {
  'ids, a duplicated id, implied tbody': `<!doctype html><html lang="en"><head><title>T</title></head><body>
    <header id="top"><a href="/"><img src="/logo.png"></a></header>
    <main><p id="dup"><img src="a.png" alt="A"></p><p id="dup"><img src="b.png"></p>
    <table><tr><td><img src="c.png"></td><td><img src="c.png" alt=""></td></tr></table>
    <figure><picture><source srcset="d.webp" type="image/webp"><img src="d.png"></picture><figcaption>D</figcaption></figure>
    <div role="img" aria-label="chart" style="background:url(e.png)"></div><svg><title>S</title></svg>
    <template><img src="inert.png"></template><input type="image" src="go.png"></main></body></html>`,
  'no html, head or body written': `<img src="x.png"><p>text <img src="y.png" alt="y"></p><div><div><img src="z.png"></div></div>`,
  'unquoted and odd attributes': `<body><section id=s1><IMG SRC=one.png ALT=one><img src='two.png' alt=''></section><section id="1st"><img src="three.png"></section></body>`,
};

describe('selectors of a source file and of the page served from it', () => {
  for (const [name, html] of Object.entries(PAGES)) {
    it(`agree: ${name}`, () => {
      const walked = findPageImages(html, new URL('https://site.example/page.html')).images;
      const selectors = htmlSelectors(html);
      const fromFile = findImages(html, '/site/page.html', { root: '/site' })
        .map((image) => selectors.get(image.span!.start))
        // A <template>'s content is inert: the page walk does not meet it, and it has no selector.
        .filter((selector) => selector !== undefined);
      expect(fromFile.length).toBeGreaterThan(0);
      expect(fromFile).toEqual(walked.map((image) => image.selector));
    });
  }
});
