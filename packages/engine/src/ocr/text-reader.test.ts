import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { languageDataDirectory, ocrLanguageFor, tesseractPaths } from './ocr-languages';
import { renderColumns, renderGradient, renderNoise, renderSmudgedHours, renderText, wordsRead } from './ocr-test-images';
import { createTextReader, skipReason } from './text-reader';

// A busy CI machine (every test file at once on 2 cores) can need more than the 5 s production
// budget per image; these tests prove what is read, not how fast.
const PATIENT = { timeoutMs: 30_000 };
const reader = createTextReader(PATIENT);
afterAll(() => reader.close());

const PARAGRAPH = [
  'Summer sale, 30% off all shoes',
  'Free delivery on orders over 50 euros',
  'Offer ends Sunday at midnight',
];
const ALL_WORDS = PARAGRAPH.join(' ');

// A worker's first start takes seconds on a busy machine (CI runs every suite at once).
describe('text reader (tesseract.js, offline)', { timeout: 60_000 }, () => {
  it('loads its worker, core and language data from node_modules', () => {
    const { workerPath, corePath } = tesseractPaths();
    for (const file of [workerPath, corePath, languageDataDirectory('eng'), languageDataDirectory('fra')]) {
      expect(file).toContain('node_modules');
      expect(existsSync(file)).toBe(true);
    }
    expect(existsSync(`${languageDataDirectory('eng')}/eng.traineddata.gz`)).toBe(true);
  });

  it('reads at least 90 % of the words of clear 16 px text', async () => {
    const result = await reader.read(await renderText(PARAGRAPH, { size: 16 }), 'eng');
    expect(wordsRead(ALL_WORDS, result?.text)).toBeGreaterThanOrEqual(0.9);
    expect(result?.confidence).toBeGreaterThanOrEqual(80);
  });

  // The measurements behind WORD_CONFIDENCE and TEXT_CONFIDENCE (ocr/legible-text.ts).
  it.each([
    { size: 12, foreground: '#000000', background: '#ffffff' },
    { size: 24, foreground: '#ffffff', background: '#1f3a93' },
    { size: 16, foreground: '#595959', background: '#ffffff' }, // 7:1
    { size: 20, foreground: '#767676', background: '#eeeeee' }, // about 3.9:1
  ])('reads $size px text in $foreground on $background', async (options) => {
    const result = await reader.read(await renderText(PARAGRAPH.slice(0, 2), options), 'eng');
    expect(wordsRead(PARAGRAPH.slice(0, 2).join(' '), result?.text)).toBeGreaterThanOrEqual(0.9);
  });

  it('never drops words it is unsure of: smudged "9 to" is kept, flagged and listed', async () => {
    const result = await reader.read(await renderSmudgedHours(), 'eng');
    expect(result?.uncertain).toHaveLength(2);
    expect(result?.text).toMatch(/^Open Monday to Friday \[\S+\?\] \[\S+\?\] 5$/);
    expect(result?.gapped).toBe('Open Monday to Friday … 5');
  });

  it.each([
    ['a gradient with a soft shape', () => renderGradient(480, 320)],
    ['blurred noise, like foliage', () => renderNoise(480, 320, 4)],
    ['raw grain', () => renderNoise(320, 240)],
  ])('reports no text in %s', async (_name, render) => {
    expect(await reader.read(await render(), 'eng')).toBeUndefined();
  });

  it('glances at an image apart from reading it: no copy of grain, and the copy reads as the bytes do', async () => {
    expect(await reader.glance(await renderNoise(320, 240))).toBeUndefined();
    const text = await renderText(['Open daily'], { size: 16 });
    const copy = await reader.glance(text);
    expect(copy?.png.subarray(1, 4).toString()).toBe('PNG');
    expect((await reader.read(copy!, 'eng'))?.text).toBe((await reader.read(text, 'eng'))?.text);
    expect((await reader.read(copy!, 'eng'))?.text).toBe('Open daily');
  });

  it('reads French with the French model', async () => {
    expect(ocrLanguageFor('fr-CA')).toBe('fra');
    expect(ocrLanguageFor('de')).toBe('eng');
    const french = ['Soldes d’été : 30 % de réduction', 'Livraison gratuite dès 50 euros'];
    const result = await reader.read(await renderText(french, { size: 18 }), ocrLanguageFor('fr'));
    expect(wordsRead(french.join(' '), result?.text)).toBeGreaterThanOrEqual(0.8);
  });

  it('reuses one worker per language across images', async () => {
    const before = reader.workersStarted();
    await reader.read(await renderText(['Open daily'], { size: 16 }), 'eng');
    await reader.read(await renderText(['Closed Monday'], { size: 16 }), 'eng');
    expect(reader.workersStarted()).toBe(before === 0 ? 1 : before);
  });

  it('reads text on a gradient, and skips flat fills and photographic grain before the worker', async () => {
    const gradient = await renderGradient(480, 200, '#fff3d6', '#f7a541');
    const banner = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff3d6"/><stop offset="1" stop-color="#f7a541"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="40" y="120" font-family="DejaVu Sans" font-size="48" fill="#202020">Summer sale</text></svg>',
      ),
    )
      .png()
      .toBuffer();
    expect((await reader.read(banner, 'eng'))?.text).toBe('Summer sale');

    const grey = async (png: Buffer) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const flat = await grey(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    );
    expect(skipReason(flat.data, flat.info.width)).toBe('flat');
    const grain = await grey(await renderNoise(200, 150));
    expect(skipReason(grain.data, grain.info.width)).toBe('photographic');
    const smooth = await grey(gradient);
    expect(skipReason(smooth.data, smooth.info.width)).toBeUndefined();
  });

  it('lets a bounded number of images wait for a busy worker; the rest are refused as busy, never "no text"', async () => {
    const busy = createTextReader({ ...PATIENT, maxWaiting: 0 });
    try {
      const image = await renderText(['Open daily'], { size: 20 });
      // Both images are prepared concurrently, so either may reach the worker first: one is
      // read, the other finds it busy with no room to wait.
      const results = await Promise.allSettled([busy.read(image, 'eng'), busy.read(image, 'eng')]);
      expect(results.map((result) => (result.status === 'fulfilled' ? result.value?.text : result.reason.reason)).sort()).toEqual(['Open daily', 'busy']);
      expect((await busy.read(image, 'eng'))?.text).toBe('Open daily');
      expect(busy.workersStarted()).toBe(1);
    } finally {
      await busy.close();
    }
  });

  it.each([-15, 15])('reads text set at %i° (the level reading found little: the copy is turned back)', async (angle) => {
    const lines = ['Tickets on sale now', 'Doors open at seven'];
    const turned = await sharp(await renderText(lines, { size: 28 }))
      .rotate(angle, { background: '#ffffff' })
      .png()
      .toBuffer();
    const result = await reader.read(turned, 'eng');
    expect(wordsRead(lines.join(' '), result?.text)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads two columns set side by side column by column, not across both', async () => {
    const left = ['Monday: yoga at nine', 'Tuesday: pilates class', 'Wednesday: swimming'];
    const right = ['Thursday: open studio', 'Friday: dance workshop', 'Saturday: closed'];
    for (const gutter of [30, 120]) {
      const result = await reader.read(await renderColumns(left, right, { gutter }), 'eng');
      expect(result?.text).toBe([...left, ...right].join('\n'));
    }
  });

  it('reads a table of labels and values row by row', async () => {
    const result = await reader.read(await renderColumns(['Monday', 'Tuesday', 'Sunday'], ['until five', 'until six', 'closed']), 'eng');
    expect(result?.text).toBe('Monday until five\nTuesday until six\nSunday closed');
  });

  it('keeps a web address in the image whole', async () => {
    const result = await reader.read(await renderText(['Tickets at www.riverfest.org/tickets'], { size: 24 }), 'eng');
    expect(result?.text).toBe('Tickets at www.riverfest.org/tickets');
  });

  it('skips images too small to hold a word', async () => {
    const tiny = await renderGradient(6, 6);
    expect(await reader.read(tiny, 'eng')).toBeUndefined();
  });
});
