import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import { createWorker, OEM } from 'tesseract.js';
import { decodeOptions } from '../image/image-decoder';
import type { LegibleText, OcrLines } from './legible-text';
import { legibleText } from './legible-text';
import type { OcrLanguage } from './ocr-languages';
import { readingOrder } from './reading-order';
import { languageDataDirectory, tesseractPaths } from './ocr-languages';

/** The part of a tesseract.js worker the reader uses (a seam for tests). */
export type OcrWorker = Pick<Worker, 'recognize' | 'terminate'>;

export interface TextReaderOptions {
  /** Give up on one image after this long (its worker is then ended and started afresh). */
  readonly timeoutMs?: number;
  /** End an idle worker after this long; the next image starts a new one. */
  readonly idleMs?: number;
  /** Longest edge OCR looks at: larger images are downscaled first (time grows with pixels). */
  readonly maxEdge?: number;
  /** Workers per language, each reading one image at a time. Default 1: OCR takes one core per language. */
  readonly workers?: number;
  /**
   * Images allowed to wait for a busy worker; past that a read fails with `OcrUnavailableError`
   * (never a silent "no text"), so a burst never makes every request wait for all the others' OCR.
   */
  readonly maxWaiting?: number;
  /** Starts a worker for a language; default a tesseract.js worker with data from node_modules. */
  readonly startWorker?: (language: OcrLanguage) => Promise<OcrWorker>;
}

/**
 * OCR could not read this image (the worker gave up, failed, or too many images were waiting):
 * unlike `undefined` ("no legible text"), this says nothing about the image, so no answer built
 * without the read may be cached as if it were complete.
 */
export class OcrUnavailableError extends Error {
  constructor(readonly reason: 'timeout' | 'busy' | 'failed', options?: { cause?: unknown }) {
    super(`OCR did not read the image (${reason})`, options);
    this.name = 'OcrUnavailableError';
  }
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
  /**
   * The legible text in the image (its bytes, or its copy), or undefined when there is none.
   * Rejects with `OcrUnavailableError` when OCR did not read it (gave up, failed, too busy).
   */
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
/** A batch of 50 images fits; past that a burst is refused loudly rather than queued for minutes. */
const DEFAULT_MAX_WAITING = 64;
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

function startTesseractWorker(language: OcrLanguage): Promise<OcrWorker> {
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

/** Angles a copy is turned by when the level reading found little (text set at ±15° is common). */
const TILTS = [15, -15];
const sureWords = (text: LegibleText) => text.words - text.uncertain.length;

/** The words with their boxes, line by line, put in reading order (columns one after the other). */
function linesOf(result: Awaited<ReturnType<Worker['recognize']>>): OcrLines {
  return readingOrder(
    (result.data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => line.words.map(({ text, confidence, bbox }) => ({ text, confidence, ...bbox }))),
      ),
    ),
  );
}

/**
 * A small pool of tesseract workers per language, started on first use and reused by every
 * request after it (starting one costs ~0.4 s of CPU). A worker reads one image at a time and
 * nothing of one read is shared with another: an image waits (FIFO) for a free worker, and a
 * worker that gives up or fails is ended alone, its read rejected, and the next image gets a
 * fresh worker. Before, images queued behind one worker and were silently answered "no text"
 * when the queue was long or after a timeout had ended the worker they were queued on.
 */
export function createTextReader(options: TextReaderOptions = {}): TextReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  const maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
  const maxWorkers = Math.max(1, options.workers ?? 1);
  const start = options.startWorker ?? startTesseractWorker;
  interface Slot {
    readonly worker: Promise<OcrWorker>;
    idle?: NodeJS.Timeout;
  }
  interface Pool {
    readonly free: Slot[];
    /** Every live slot, free or reading. */
    readonly slots: Set<Slot>;
    readonly waiting: { resolve: (slot: Slot) => void; reject: (error: Error) => void }[];
  }
  const pools = new Map<OcrLanguage, Pool>();
  let started = 0;

  function poolOf(language: OcrLanguage): Pool {
    let pool = pools.get(language);
    if (!pool) {
      pool = { free: [], slots: new Set(), waiting: [] };
      pools.set(language, pool);
    }
    return pool;
  }

  function newSlot(pool: Pool, language: OcrLanguage): Slot {
    started += 1;
    const slot: Slot = { worker: start(language) };
    slot.worker.catch(() => undefined);
    pool.slots.add(slot);
    return slot;
  }

  function endSlot(pool: Pool, slot: Slot) {
    clearTimeout(slot.idle);
    pool.slots.delete(slot);
    const index = pool.free.indexOf(slot);
    if (index >= 0) pool.free.splice(index, 1);
    void slot.worker.then((worker) => worker.terminate()).catch(() => undefined);
  }

  function acquire(language: OcrLanguage): Promise<Slot> {
    const pool = poolOf(language);
    const free = pool.free.pop();
    if (free) {
      clearTimeout(free.idle);
      return Promise.resolve(free);
    }
    if (pool.slots.size < maxWorkers) return Promise.resolve(newSlot(pool, language));
    if (pool.waiting.length >= maxWaiting) return Promise.reject(new OcrUnavailableError('busy'));
    return new Promise((resolve, reject) => pool.waiting.push({ resolve, reject }));
  }

  /** Hands the worker to the next waiting image, or a fresh one when this one was ended. */
  function release(language: OcrLanguage, slot: Slot, broken: boolean) {
    const pool = pools.get(language);
    // Closed while reading: the worker goes with the pool.
    if (!pool?.slots.has(slot)) return void slot.worker.then((worker) => worker.terminate()).catch(() => undefined);
    if (broken) endSlot(pool, slot);
    const next = pool.waiting.shift();
    if (next) return next.resolve(broken ? newSlot(pool, language) : slot);
    if (broken) return;
    pool.free.push(slot);
    slot.idle = setTimeout(() => endSlot(pool, slot), idleMs);
    slot.idle.unref();
  }

  async function recognise(language: OcrLanguage, png: Buffer) {
    const slot = await acquire(language);
    let broken = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      // Starting the worker has its own deadline: on a busy machine it takes seconds, and that
      // is not the image's fault.
      const worker = await withDeadline(slot.worker, START_TIMEOUT_MS, 'OCR worker did not start');
      const timeout = new Promise<never>((_resolve, reject) => {
        // A worker cannot be interrupted mid-image: it is ended (broken), the next image gets a new one.
        timer = setTimeout(() => reject(new OcrUnavailableError('timeout')), timeoutMs);
      });
      const result = await Promise.race([worker.recognize(png, {}, { text: false, blocks: true }), timeout]);
      broken = false;
      return result;
    } catch (error) {
      throw error instanceof OcrUnavailableError ? error : new OcrUnavailableError('failed', { cause: error });
    } finally {
      clearTimeout(timer);
      release(language, slot, broken);
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
      const first = legibleText(linesOf(await recognise(language, copy.png)));
      if (first && first.uncertain.length === 0) return first;
      // Little or nothing read: the text may be set at an angle (banners, stickers, photographed
      // signs). Tesseract reads lines that are nearly level, so the copy is turned back both
      // ways and the reading with the most sure words wins.
      let best = first;
      for (const angle of TILTS) {
        const turned = await sharp(copy.png).rotate(angle, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
        const reading = legibleText(linesOf(await recognise(language, turned)));
        if (reading && sureWords(reading) > (best ? sureWords(best) : 0)) best = reading;
      }
      return best;
    },
    async close() {
      for (const pool of pools.values()) {
        for (const slot of [...pool.slots]) endSlot(pool, slot);
        for (const waiter of pool.waiting.splice(0)) waiter.reject(new OcrUnavailableError('failed'));
      }
      pools.clear();
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
