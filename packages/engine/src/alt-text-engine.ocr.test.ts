import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltTextEngine } from './alt-text-engine';
import { renderGradient, renderSmudgedHours, renderText } from './ocr/ocr-test-images';
import type { TextReader } from './ocr/text-reader';
import { countingStore } from '@altwise/test-support/counting-store';
import type { AltTextDescription } from './description';
import { createTextReader, OcrUnavailableError } from './ocr/text-reader';
import type { VisionInput, VisionProvider } from './providers/vision-provider';

// Patient on a busy CI machine: the test proves what is read, not the 5 s production budget.
const ocr = createTextReader({ timeoutMs: 30_000 });
afterAll(() => ocr.close());

/** A reader that reports what tesseract gave for small grey type: two words it was unsure of. */
const unsureReader: TextReader = {
  glance: async () => ({ png: Buffer.alloc(0) }),
  read: async () => ({
    text: 'Open Monday to Friday [9?] [to?] 5',
    gapped: 'Open Monday to Friday … 5',
    confidence: 80,
    words: 7,
    uncertain: ['9', 'to'],
  }),
  close: async () => undefined,
  workersStarted: () => 0,
};

// Rendered before any engine loads an image: the engine blocks sharp's SVG loader process-wide.
const images: Record<'tickets' | 'banner' | 'notice' | 'gradient' | 'openDaily' | 'summer' | 'smudged', Buffer> = {} as never;
beforeAll(async () => {
  images.banner = await renderText(['Summer sale, 30% off'], { size: 24, width: 420 });
  images.tickets = await renderText(['Tickets at www.riverfest.org/tickets'], { size: 24 });
  images.notice = await renderText(
    ['Opening hours: Monday to Friday 9 to 17', 'Saturday 10 to 14, closed on Sunday'],
    { size: 16 },
  );
  images.gradient = await renderGradient(320, 240);
  images.openDaily = await renderText(['Open daily'], { size: 20 });
  images.summer = await renderText(['Summer sale'], { size: 24, width: 420 });
  images.smudged = await renderSmudgedHours();
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
      verification: 'draft',
      wcagCompliant: false,
    });
    expect(result.uncertainText).toBeUndefined();
  });

  it('keeps a web address whole in textInImage, names its site in the alt and says where the rest went', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.tickets });
    expect(result.textInImage).toBe('Tickets at www.riverfest.org/tickets');
    // Before: "Banner reading 'Tickets at '" (the sanitiser took the address out, silently).
    expect(result.altText).toBe("Banner reading 'Tickets at riverfest.org'");
    expect(result.issues).toContainEqual(
      expect.objectContaining({ id: 'url-in-text', severity: 'info', message: expect.stringContaining('textInImage') }),
    );
  });

  it('cuts long text at a word to fit maxLength and puts all of it in the long description', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.notice }, {
      context: 'Bakery opening hours',
      maxLength: 80,
    });
    expect(result.altText.length).toBeLessThanOrEqual(80);
    // The context is never pasted into an offline alt.
    expect(result.altText).toMatch(/^Banner reading 'Opening hours: Monday to .*…'$/);
    expect(result.textInImage).toContain('closed on Sunday');
    expect(result.longDescription).toBe(
      'Opening hours: Monday to Friday 9 to 17\nSaturday 10 to 14, closed on Sunday',
    );
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

  it('hands the words OCR was unsure of to a vision model, flagged', async () => {
    const inputs: VisionInput[] = [];
    const provider: VisionProvider = {
      name: 'openai-compatible',
      model: 'recorder-1',
      preparation: { maxEdge: 512, format: 'png' },
      async describe(input) {
        inputs.push(input);
        return { altText: 'Opening hours sign', isDecorative: false, containsText: true };
      },
    };
    const engine = createAltTextEngine({ provider, ocr: unsureReader });
    const result = await engine.describe({ bytes: images.openDaily });
    expect(inputs[0]?.textFound).toMatchObject({ text: 'Open Monday to Friday [9?] [to?] 5', uncertain: ['9', 'to'] });
    // The model read the pixels: it is not the OCR's uncertainty any more.
    expect(result).toMatchObject({ verification: 'model', uncertainText: undefined });
  });

  it('never drops a word OCR was unsure of: the draft marks the gap, textInImage keeps it flagged', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: unsureReader });
    const result = await engine.describe({ bytes: images.openDaily });
    expect(result).toMatchObject({
      altText: "Graphic reading 'Open Monday to Friday … 5'",
      textInImage: 'Open Monday to Friday [9?] [to?] 5',
      uncertainText: ['9', 'to'],
      containsText: true,
      verification: 'draft',
    });
    expect(result.issues).toContainEqual(expect.objectContaining({ id: 'uncertain-text', severity: 'info' }));
  });

  it('keeps the smudged words of real OCR in the draft as a gap, not a silent cut', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr });
    const result = await engine.describe({ bytes: images.smudged });
    expect(result.altText).toBe("Banner reading 'Open Monday to Friday … 5'");
    expect(result.uncertainText).toHaveLength(2);
    expect(result.textInImage).toMatch(/^Open Monday to Friday \[\S+\?\] \[\S+\?\] 5$/);
  });

  it('gives a receipt longer than maxLength all of its text in the long description', async () => {
    const lines = ['Corner Bakery', 'Sourdough loaf 4.20', 'Croissant x2 3.00', 'Coffee 2.80', 'Total 10.00', 'Thank you'];
    const reader: TextReader = {
      ...unsureReader,
      read: async () => ({ text: lines.join('\n'), gapped: lines.join('\n'), confidence: 92, words: 14, uncertain: [] }),
    };
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: reader });
    const result = await engine.describe({ bytes: images.openDaily }, { maxLength: 60 });
    expect(result.altText.length).toBeLessThanOrEqual(60);
    expect(result.longDescription).toBe(lines.join('\n'));
  });

  it('never passes a read OCR did not make for "no text": the answer says so and is not cached', async () => {
    let reads = 0;
    const flaky: TextReader = {
      ...unsureReader,
      read: async () => {
        reads += 1;
        if (reads === 1) throw new OcrUnavailableError('busy');
        return { text: 'Open daily', gapped: 'Open daily', confidence: 95, words: 2, uncertain: [] };
      },
    };
    const cache = countingStore<AltTextDescription>();
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: flaky, cache });
    const first = await engine.describe({ bytes: images.openDaily });
    expect(first.issues).toContainEqual(expect.objectContaining({ id: 'ocr-unavailable', severity: 'warning' }));
    expect(cache.calls.save).toBe(0);
    const second = await engine.describe({ bytes: images.openDaily });
    expect(second).toMatchObject({ cached: false, containsText: true, textInImage: 'Open daily' });
    expect(second.issues.map((issue) => issue.id)).not.toContain('ocr-unavailable');
    expect(cache.calls.save).toBe(1);
    // A batch request prepared without the read carries no cache key: its answer is not remembered.
    reads = 0;
    const prepared = await engine.prepareRequest({ bytes: images.summer });
    expect(prepared.cacheKey).toBeUndefined();
    expect((await engine.prepareRequest({ bytes: images.summer })).cacheKey).toEqual(expect.any(String));
  });

  it('never passes a look OCR could not take for "no text" either: a failed glance of a loading image is a missing read', async () => {
    const blind: TextReader = { ...unsureReader, glance: async () => Promise.reject(new Error('vips could not decode')) };
    const cache = countingStore<AltTextDescription>();
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: blind, cache });
    const result = await engine.describe({ bytes: images.banner });
    expect(result.issues).toContainEqual(expect.objectContaining({ id: 'ocr-unavailable', severity: 'warning' }));
    expect(cache.calls.save).toBe(0);
    expect((await engine.prepareRequest({ bytes: images.banner })).cacheKey).toBeUndefined();
  });

  it('can be turned off', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });
    expect((await engine.describe({ bytes: images.summer })).containsText).toBe(
      false,
    );
  });
});
