import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import { createWorker, OEM } from 'tesseract.js';
import { decodeOptions } from '../image/image-decoder';
import type { LegibleText, OcrLines } from './legible-text';
import { legibleText } from './legible-text';
import type { OcrLanguage } from './ocr-languages';
import { languageDataDirectory, tesseractPaths } from './ocr-languages';

export interface TextReaderOptions {
  /** Give up on one image after this long (the worker is then ended and started afresh). */
  readonly timeoutMs?: number;
  /** End an idle worker after this long; the next image starts a new one. */
  readonly idleMs?: number;
  /** Longest edge OCR looks at: larger images are downscaled first (time grows with pixels). */
  readonly maxEdge?: number;
  /**
   * Images allowed to wait for a busy worker; past that an image goes without OCR, so a burst
   * (a batch of 50 screenshots) never makes every request wait for all the others' OCR.
   */
  readonly maxWaiting?: number;
}

/** The grey copy of an image that OCR reads (from `TextReader.glance`). */
export interface OcrCopy {
  readonly png: Buffer;
}

export interface TextReader {
  /**
   * The copy OCR would read, or undefined when the image is not worth reading (a flat fill, a
   * photograph). It is a decode of its own: start it early, beside the image's other decode
   * (sharp gives each operation one thread on glibc, so the two share the cores), with the same
   * pixel limit, so an image the load refuses is not decoded here either.
   */
  glance(bytes: Uint8Array, maxPixels?: number): Promise<OcrCopy | undefined>;
  /** The legible text in the image (its bytes, or its copy), or undefined when there is none (or OCR gave up). */
  read(image: Uint8Array | OcrCopy, language: OcrLanguage): Promise<LegibleText | undefined>;
  /** Ends every worker; reading again starts new ones. */
  close(): Promise<void>;
  /** How many workers this reader has started (each costs a start-up: they are meant to be reused). */
  workersStarted(): number;
}

export const DEFAULT_OCR_TIMEOUT_MS = 5000;
/** A worker that has not started by then never will (tesseract.js can leave a failed start pending). */
const START_TIMEOUT_MS = 30_000;

function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
const DEFAULT_MAX_WAITING = 4;
const DEFAULT_IDLE_MS = 60_000;
const DEFAULT_MAX_EDGE = 1280;
/** Longest edge of the copy that decides whether an image is worth reading at all. */
const GLANCE_EDGE = 640;
/** Below this, there is no room for a legible word. */
const MIN_EDGE = 8;

/** Grey levels closer than this across the whole image: a flat fill, no text to read. */
const MIN_CONTRAST = 24;
/**
 * Text, screenshots, charts and banners are flat fills, clean edges and smooth gradients;
 * photographs have a fine grain everywhere. On photographic texture tesseract (a document
 * reader) spends 1–9 s per image and reads only noise, so such images skip OCR and a vision
 * model reads their text. Grain is the mean step between neighbouring pixels, edges (steps over
 * 24) left out. Measured on the test images: rendered text 0.1–0.3, gradients 0.1–0.6,
 * photo-like fixtures and noise 1.5–12.
 */
const MAX_GRAIN = 1;
const EDGE_STEP = 24;

/** Why an image is not worth reading: a flat fill, or photographic texture. */
export function skipReason(grey: Uint8Array, width: number): 'flat' | 'photographic' | undefined {
  let min = 255;
  let max = 0;
  let steps = 0;
  let sum = 0;
  for (let offset = 0; offset < grey.length; offset += 1) {
    const value = grey[offset]!;
    if (value < min) min = value;
    if (value > max) max = value;
    if (offset % width === 0) continue;
    const step = Math.abs(value - grey[offset - 1]!);
    if (step <= EDGE_STEP) {
      sum += step;
      steps += 1;
    }
  }
  if (max - min < MIN_CONTRAST) return 'flat';
  return steps > 0 && sum / steps > MAX_GRAIN ? 'photographic' : undefined;
}

/**
 * Grey, flattened on white (transparent text would vanish) and no larger than needed; flat and
 * photographic images are skipped before they reach the worker.
 */
async function prepareForOcr(bytes: Uint8Array, maxEdge: number, maxPixels?: number): Promise<Buffer | undefined> {
  const image = sharp(bytes, decodeOptions(maxPixels));
  const { width = 0, height = 0 } = await image.metadata();
  if (Math.min(width, height) < MIN_EDGE) return undefined;
  // Judged on a small copy taken pixel by pixel (no filtering: half the cost of a proper
  // downscale, and grain stays grain): most photographs leave here. Grey in a second pipeline:
  // within one, sharp converts the colours before resizing, which on a 1600 px photo was more
  // than half of the glance (10 of 19 ms); picked pixel by pixel, the copy is the same.
  const picked = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .resize({ width: GLANCE_EDGE, height: GLANCE_EDGE, fit: 'inside', withoutEnlargement: true, kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: pickedWidth, height: pickedHeight, channels } = picked.info;
  const glance = await sharp(picked.data, { raw: { width: pickedWidth, height: pickedHeight, channels } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (skipReason(glance.data, glance.info.width)) return undefined;
  const { data, info } =
    Math.max(width, height) <= GLANCE_EDGE
      ? glance
      : await image
          .clone()
          .flatten({ background: '#ffffff' })
          .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function startWorker(language: OcrLanguage): Promise<Worker> {
  const { workerPath, corePath } = tesseractPaths();
  // Every path points into node_modules: left unset, tesseract.js downloads the language data
  // from a CDN. cacheMethod 'none' keeps it from writing a copy into the working directory.
  return createWorker(language, OEM.LSTM_ONLY, {
    workerPath,
    corePath,
    langPath: languageDataDirectory(language),
    cachePath: languageDataDirectory(language),
    cacheMethod: 'none',
    gzip: true,
    // Without a handler, tesseract.js throws a worker's failure from a message listener,
    // where nothing can catch it; the failed job's promise still rejects.
    errorHandler: () => undefined,
  }).then(async (worker) => {
    // Screen images carry no resolution; tesseract would guess one and warn on stderr each time.
    await worker.setParameters({ user_defined_dpi: '96' });
    return worker;
  });
}

function linesOf(result: Awaited<ReturnType<Worker['recognize']>>): OcrLines {
  return (result.data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => line.words.map(({ text, confidence }) => ({ text, confidence }))),
    ),
  );
}

/**
 * One tesseract worker per language, started on first use and reused by every request
 * after it (starting one costs ~0.4 s of CPU); images queue for it one at a time, so OCR never
 * takes more than one core per language.
 */
export function createTextReader(options: TextReaderOptions = {}): TextReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  const maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
  interface Entry {
    worker: Promise<Worker>;
    queue: Promise<unknown>;
    /** Reads queued or running on this worker. */
    pending: number;
    idle?: NodeJS.Timeout;
  }
  const workers = new Map<string, Entry>();
  let started = 0;

  /** Ends this worker (or the language's current one); a newer worker for the language is kept. */
  function end(key: string, only?: Entry) {
    const entry = workers.get(key);
    if (!entry || (only && entry !== only)) return;
    workers.delete(key);
    clearTimeout(entry.idle);
    void entry.worker.then((worker) => worker.terminate()).catch(() => undefined);
  }

  async function recognise(key: OcrLanguage, png: Buffer) {
    let entry = workers.get(key);
    if (!entry) {
      started += 1;
      entry = { worker: startWorker(key), queue: Promise.resolve(), pending: 0 };
      entry.worker.catch(() => undefined);
      workers.set(key, entry);
    }
    const current = entry;
    // One running and `maxWaiting` queued: this image goes without OCR rather than wait.
    if (current.pending > maxWaiting) return undefined;
    current.pending += 1;
    clearTimeout(current.idle);
    const job = current.queue.then(async () => {
      // Starting the worker has its own deadline: on a busy machine it takes seconds, and that
      // is not the image's fault.
      const worker = await withDeadline(current.worker, START_TIMEOUT_MS, 'OCR worker did not start');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          // A worker cannot be interrupted mid-image: end it, the next image starts a new one.
          end(key, current);
          resolve(undefined);
        }, timeoutMs);
      });
      try {
        return await Promise.race([worker.recognize(png, {}, { text: false, blocks: true }), timeout]);
      } finally {
        clearTimeout(timer);
      }
    });
    current.queue = job.catch(() => undefined);
    try {
      return await job;
    } catch (error) {
      end(key, current);
      throw error;
    } finally {
      current.pending -= 1;
      if (workers.get(key) === current && current.pending === 0) {
        clearTimeout(current.idle);
        current.idle = setTimeout(() => end(key), idleMs);
        current.idle.unref();
      }
    }
  }

  async function glance(bytes: Uint8Array, maxPixels?: number): Promise<OcrCopy | undefined> {
    const png = await prepareForOcr(bytes, maxEdge, maxPixels);
    return png && { png };
  }

  return Object.freeze({
    glance,
    async read(image: Uint8Array | OcrCopy, language: OcrLanguage) {
      const copy = image instanceof Uint8Array ? await glance(image) : image;
      if (!copy) return undefined;
      const png = copy.png;
      const key = language;
      try {
        const result = await recognise(key, png);
        return result ? legibleText(linesOf(result)) : undefined;
      } catch {
        // OCR is an aid: a worker that fails was ended above; the image is described without it.
        return undefined;
      }
    },
    async close() {
      const ending = [...workers.keys()];
      for (const key of ending) end(key);
    },
    workersStarted: () => started,
  });
}

let shared: TextReader | undefined;
/** The process-wide reader the engine uses by default, created on first use. */
export function sharedTextReader(): TextReader {
  shared ??= createTextReader();
  return shared;
}
