import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltTextEngine } from './alt-text-engine';
import { renderGradient, renderText } from './ocr/ocr-test-images';
import { createTextReader } from './ocr/text-reader';
import type { VisionInput, VisionProvider } from './providers/vision-provider';

// Patient on a busy CI machine: the test proves what is read, not the 5 s production budget.
const ocr = createTextReader({ timeoutMs: 30_000 });
afterAll(() => ocr.close());

// Rendered before any engine loads an image: the engine blocks sharp's SVG loader process-wide.
const images: Record<'banner' | 'notice' | 'gradient' | 'openDaily' | 'summer', Buffer> = {} as never;
beforeAll(async () => {
  images.banner = await renderText(['Summer sale, 30% off'], { size: 24, width: 420 });
  images.notice = await renderText(
    ['Opening hours: Monday to Friday 9 to 17', 'Saturday 10 to 14, closed on Sunday'],
    { size: 16 },
  );
  images.gradient = await renderGradient(320, 240);
  images.openDaily = await renderText(['Open daily'], { size: 20 });
  images.summer = await renderText(['Summer sale'], { size: 24, width: 420 });
});

// A worker's first start takes seconds on a busy machine (CI runs every suite at once).
describe('the engine with offline OCR', { timeout: 60_000 }, () => {
  it('makes the offline alt say what the text in a banner says', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.banner });
    expect(result.altText).toBe("Banner reading 'Summer sale, 30% off'");
    expect(result).toMatchObject({
      containsText: true,
      textInImage: 'Summer sale, 30% off',
      wcagCompliant: true,
    });
  });

  it('leads with the context and cuts long text at a word to fit maxLength', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.notice }, {
      context: 'Bakery opening hours',
      maxLength: 80,
    });
    expect(result.altText.length).toBeLessThanOrEqual(80);
    expect(result.altText).toMatch(/^Bakery opening hours, banner reading 'Opening hours: Monday to .*…'$/);
    expect(result.textInImage).toContain('closed on Sunday');
  });

  it('reports no text for a photo-like image', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.gradient });
    expect(result).toMatchObject({ containsText: false, textInImage: undefined });
    expect(result.altText).not.toMatch(/reading/);
  });

  it('hands the OCR text to a vision model as context to check, in a tagged untrusted block', async () => {
    const inputs: VisionInput[] = [];
    const provider: VisionProvider = {
      name: 'openai-compatible',
      model: 'recorder-1',
      preparation: { maxEdge: 512, format: 'png' },
      async describe(input) {
        inputs.push(input);
        return { altText: 'Sale banner', isDecorative: false, containsText: true, textInImage: 'Open daily' };
      },
    };
    const engine = createAltTextEngine({ provider, ocr });
    await engine.describe({ bytes: images.openDaily });
    expect(inputs[0]?.textFound?.text).toBe('Open daily');
    expect(inputs[0]?.textFound?.confidence).toBeGreaterThanOrEqual(80);
  });

  it('can be turned off', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });
    expect((await engine.describe({ bytes: images.summer })).containsText).toBe(
      false,
    );
  });
});
