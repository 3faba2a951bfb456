import { describe, expect, it } from 'vitest';
import { applyEdits } from '@altwise/engine/markup';
import { longDescriptionEdits } from '@altwise/engine/epub';

const withLong = (document: string, id = 'ld-1') => {
  const edits = longDescriptionEdits(document, document.indexOf('<img'), 'A chart <rising>\n\nSecond & last', id);
  return edits ? applyEdits(document, edits) : undefined;
};

describe('long descriptions in a content document', () => {
  it('follows the paragraph an image is in: a <p> cannot hold a <details>', () => {
    expect(withLong('<html><body><section><p>Text <a href="x"><img src="a.png"/></a> more.</p><p>Next</p></section></body></html>')).toBe(
      '<html><body><section><p>Text <a href="x"><img aria-details="ld-1" src="a.png"/></a> more.</p><details id="ld-1" class="altwise-long-description"><summary>Description of the image</summary><p>A chart &lt;rising&gt;</p><p>Second &amp; last</p></details><p>Next</p></section></body></html>',
    );
  });

  it('follows the image itself in flow content (a figure, a div)', () => {
    expect(withLong('<body><figure><img src="a.png"/><figcaption>Fig</figcaption></figure></body>')).toContain('<img aria-details="ld-1" src="a.png"/><details id="ld-1"');
  });

  it('writes nothing when the id is taken', () => {
    expect(withLong('<body><div id="ld-1"><img src="a.png"/></div></body>')).toBeUndefined();
  });
});
