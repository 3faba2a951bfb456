import { afterAll, describe, expect, it } from 'vitest';
import { renderText, wordsRead } from './ocr-test-images';
import type { OcrWorker } from './text-reader';
import { createTextReader, OcrUnavailableError } from './text-reader';

// Patient on a loaded machine: these tests prove that no read is dropped, not how fast reads are.
const PATIENT = { timeoutMs: 60_000 };

const SIGNS = [
  'Open daily', 'Closed Monday', 'Free entry', 'Exit only', 'Staff room', 'Gift shop',
  'Car park', 'Ticket office', 'No parking', 'Main hall', 'Cafe upstairs', 'Lost property',
];

describe('OCR under concurrent reads (real tesseract)', () => {
  const reader = createTextReader(PATIENT);
  afterAll(() => reader.close());

  // The bug: a batch of 12 text images answered some with no text (silently, and then cached).
  it('reads 12 text images at once, 20 times over, and every answer has its text', { timeout: 900_000 }, async () => {
    const images = await Promise.all(SIGNS.map((sign) => renderText([sign], { size: 20 })));
    const misses: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.allSettled(images.map((image) => reader.read(image, 'eng')));
      answers.forEach((answer, index) => {
        const text = answer.status === 'fulfilled' ? answer.value?.text : `rejected: ${String(answer.reason)}`;
        if (wordsRead(SIGNS[index]!, text) < 1) misses.push(`round ${round}: ${SIGNS[index]} → ${text}`);
      });
    }
    expect(misses).toEqual([]);
  });
});

/** A fake worker: reads the text a test PNG "holds" (its bytes as UTF-8); "hang" never finishes. */
function fakeWorkers() {
  const events = { started: 0, terminated: 0, overlapping: 0 };
  const startWorker = async (): Promise<OcrWorker> => {
    events.started += 1;
    let reading = 0;
    let ended = false;
    return {
      recognize: (async (image: Buffer) => {
        if (ended) throw new Error('worker terminated');
        reading += 1;
        if (reading > 1) events.overlapping += 1;
        try {
          const text = image.toString();
          if (text === 'hang') await new Promise(() => undefined);
          if (text === 'crash') throw new Error('RuntimeError: memory access out of bounds');
          await new Promise((resolve) => setImmediate(resolve));
          const words = text.split(' ').map((word) => ({ text: word, confidence: 95 }));
          return { data: { blocks: [{ paragraphs: [{ lines: [{ words }] }] }] } };
        } finally {
          reading -= 1;
        }
      }) as unknown as OcrWorker['recognize'],
      terminate: (async () => {
        ended = true;
        events.terminated += 1;
      }) as unknown as OcrWorker['terminate'],
    };
  };
  return { events, startWorker };
}
const copy = (text: string) => ({ png: Buffer.from(text) });

describe('the OCR pool (fake workers)', () => {
  it('never gives a worker two images at once, and answers every waiting image', async () => {
    const { events, startWorker } = fakeWorkers();
    const reader = createTextReader({ ...PATIENT, workers: 2, startWorker });
    const texts = SIGNS.map((sign) => `${sign} today`);
    const answers = await Promise.all(texts.map((text) => reader.read(copy(text), 'eng')));
    expect(answers.map((answer) => answer?.text)).toEqual(texts);
    expect(events).toMatchObject({ started: 2, overlapping: 0 });
    await reader.close();
  });

  it('a read that gives up rejects loudly and ends only its own worker; the images behind it are read by a fresh one', async () => {
    const { events, startWorker } = fakeWorkers();
    const reader = createTextReader({ timeoutMs: 200, startWorker });
    const reads = [reader.read(copy('hang'), 'eng'), ...['Open daily', 'Gift shop'].map((text) => reader.read(copy(text), 'eng'))];
    const [hung, ...rest] = await Promise.allSettled(reads);
    expect(hung).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ reason: 'timeout' }) });
    expect(hung.status === 'rejected' && hung.reason instanceof OcrUnavailableError).toBe(true);
    expect(rest.map((answer) => answer.status === 'fulfilled' && answer.value?.text)).toEqual(['Open daily', 'Gift shop']);
    expect(events).toMatchObject({ started: 2, terminated: 1 });
    await reader.close();
  });

  it('a worker that fails is replaced, and its read says so instead of "no text"', async () => {
    const { events, startWorker } = fakeWorkers();
    const reader = createTextReader({ ...PATIENT, startWorker });
    await expect(reader.read(copy('crash'), 'eng')).rejects.toMatchObject({ reason: 'failed' });
    expect((await reader.read(copy('Open daily'), 'eng'))?.text).toBe('Open daily');
    expect(events).toMatchObject({ started: 2, terminated: 1 });
    await reader.close();
  });

  it('past the waiting bound a read is refused as busy, never answered "no text"', async () => {
    const { startWorker } = fakeWorkers();
    const reader = createTextReader({ ...PATIENT, maxWaiting: 1, startWorker });
    const answers = await Promise.allSettled(['Open daily', 'Gift shop', 'Car park'].map((text) => reader.read(copy(text), 'eng')));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value?.text : answer.reason.reason))).toEqual([
      'Open daily',
      'Gift shop',
      'busy',
    ]);
    await reader.close();
  });
});
