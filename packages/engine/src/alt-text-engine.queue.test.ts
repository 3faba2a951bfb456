import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAltTextEngine } from './alt-text-engine';
import type { TextReader } from './ocr/text-reader';
import type { VisionOutput, VisionProvider } from './providers/vision-provider';

// MODEL_CONCURRENCY counts calls to the provider: the engine's queue holds each call and nothing
// around it (OCR's read, the checks), so a slot is free again as soon as the provider has answered.

/** The app's queue, unbounded, recording how many slots were taken and how many were held at once. */
function recordingQueue() {
  let held = 0;
  const seen = { slots: 0, mostAtOnce: 0 };
  const queue = async <T>(task: () => Promise<T>): Promise<T> => {
    seen.slots += 1;
    held += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, held);
    try {
      return await task();
    } finally {
      held -= 1;
    }
  };
  return { queue, seen, inSlot: () => held > 0 };
}

/** A model answering `answers` in turn (the last one again), noting whether each call held a slot. */
function slotCheckingProvider(inSlot: () => boolean, answers: VisionOutput[]) {
  const calls: boolean[] = [];
  const provider: VisionProvider = {
    name: 'openai-compatible',
    model: 'slots-1',
    preparation: { maxEdge: 64, format: 'png' },
    async describe() {
      calls.push(inSlot());
      // Yield, so parallel readings overlap as they would on the network.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answers[Math.min(calls.length, answers.length) - 1]!;
    },
  };
  return { provider, calls };
}

/** OCR that finds a word on every image, noting whether its read held a model slot. */
function slotCheckingReader(inSlot: () => boolean) {
  const reads: boolean[] = [];
  const reader: TextReader = {
    glance: async () => ({ png: Buffer.from('copy') }),
    async read() {
      reads.push(inSlot());
      return { text: 'OPEN', gapped: 'OPEN', confidence: 95, words: 1, uncertain: [] };
    },
    close: async () => undefined,
    workersStarted: () => 0,
  };
  return { reader, reads };
}

const png = (red: number) => sharp({ create: { width: 32, height: 32, channels: 3, background: { r: red, g: 120, b: 40 } } }).png().toBuffer();
const sign: VisionOutput = { altText: 'Shop sign reading OPEN', isDecorative: false, containsText: true, textInImage: 'OPEN' };

describe("the engine's queue of model calls", () => {
  it('holds the provider call, not OCR’s read before it', async () => {
    const { queue, seen, inSlot } = recordingQueue();
    const model = slotCheckingProvider(inSlot, [sign]);
    const ocr = slotCheckingReader(inSlot);
    const engine = createAltTextEngine({ provider: model.provider, ocr: ocr.reader, queue });
    const result = await engine.describe({ bytes: await png(10) });
    expect(result.altText).toBe('Shop sign reading OPEN');
    expect(model.calls).toEqual([true]);
    expect(ocr.reads).toEqual([false]);
    expect(seen.slots).toBe(1);
  });

  it('takes a slot for each reading of verified alt text, all at once', async () => {
    const { queue, seen, inSlot } = recordingQueue();
    const model = slotCheckingProvider(inSlot, [sign]);
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, queue });
    await engine.describe({ bytes: await png(20) }, { samples: 3 });
    expect(model.calls).toEqual([true, true, true]);
    expect(seen).toEqual({ slots: 3, mostAtOnce: 3 });
  });

  it('takes a new slot for the repair call, after the first was given back', async () => {
    const { queue, seen, inSlot } = recordingQueue();
    // The first answer fails the checks (no alt text for an image that is not decorative): one repair.
    const model = slotCheckingProvider(inSlot, [{ altText: '', isDecorative: false, containsText: false }, sign]);
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, queue });
    const result = await engine.describe({ bytes: await png(30) });
    expect(result).toMatchObject({ tries: 2, altText: 'Shop sign reading OPEN' });
    expect(model.calls).toEqual([true, true]);
    expect(seen).toEqual({ slots: 2, mostAtOnce: 1 });
  });
});
