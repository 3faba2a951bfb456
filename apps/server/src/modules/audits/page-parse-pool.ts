// Parsing a page is CPU work proportional to its size (up to 5 MB): it runs on worker threads, so
// the event loop keeps answering (/healthz, every other request) while audits parse. At most
// `size` pages parse at once; more wait their turn. A page that takes longer than `timeoutMs`, or
// more memory than `maxHeapMb`, ends its worker and is refused, never the server.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors';
import type { PageImages } from './page-images';
import type { ParseReply, ParseRequest } from './page-parse.thread';

export interface PageParsePoolOptions {
  /** Workers parsing at once (default: every core but one, at most 2: a core stays with the event loop). */
  size?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
  /** An idle worker is ended after this long (its heap given back). */
  idleMs?: number;
}

interface Task {
  request: Omit<ParseRequest, 'id'>;
  resolve: (images: PageImages) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: (Task & { id: number; timer: NodeJS.Timeout }) | null;
  idleTimer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./page-parse.worker.mjs', import.meta.url);

const tooComplex = (why: string) =>
  new AppError('bad_request', `The page is too complex to audit (${why}). Audit a smaller page.`, 422, [{ field: 'url', message: why }]);

export function createPageParsePool({
  size = Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  timeoutMs = 20_000,
  maxHeapMb = 512,
  idleMs = 30_000,
}: PageParsePoolOptions = {}) {
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  /** The threads that answered each parse, in order (what proves the event loop never parses). */
  const parsedOn: number[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot) {
    slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  }

  /** The worker's task is over (answered or failed): the worker takes the next one or rests. */
  function settle(slot: Slot, outcome: { images: PageImages } | { error: unknown }) {
    const task = slot.task;
    if (!task) return;
    clearTimeout(task.timer);
    slot.task = null;
    if ('images' in outcome) task.resolve(outcome.images);
    else task.reject(outcome.error);
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      // No loader inherited from the parent (`--import tsx`, a test runner's): the entry registers tsx.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.unref();
    const slot: Slot = { worker, task: null, idleTimer: null };
    worker.on('message', (reply: ParseReply) => {
      if (slot.task?.id !== reply.id) return;
      parsedOn.push(reply.threadId);
      settle(slot, reply.ok ? { images: JSON.parse(reply.json) as PageImages } : { error: tooComplex(reply.message) });
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      retire(slot);
      settle(slot, { error: tooComplex(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it needs more than ${maxHeapMb} MB to parse` : 'it could not be parsed') });
      pump();
    });
    worker.on('exit', () => {
      if (!slots.has(slot)) return;
      slots.delete(slot);
      settle(slot, { error: tooComplex('it could not be parsed') });
      pump();
    });
    slots.add(slot);
    return slot;
  }

  function run(slot: Slot, task: Task) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const id = nextId++;
    const timer = setTimeout(() => {
      retire(slot);
      settle(slot, { error: tooComplex(`it took more than ${Math.round(timeoutMs / 1000)} seconds to parse`) });
      pump();
    }, timeoutMs);
    timer.unref();
    slot.task = { ...task, id, timer };
    slot.worker.postMessage({ id, ...task.request } satisfies ParseRequest);
  }

  function pump() {
    while (queue.length > 0) {
      const idle = [...slots].find((slot) => slot.task === null);
      const slot = idle ?? (slots.size < size ? spawn() : null);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
    for (const slot of slots) {
      if (slot.task || slot.idleTimer) continue;
      slot.idleTimer = setTimeout(() => retire(slot), idleMs);
      slot.idleTimer.unref();
    }
  }

  return {
    /** Workers parsing at once. */
    size,

    /** The thread id that answered each parse so far (never the event loop's, 0). */
    get parsedOn(): readonly number[] {
      return parsedOn;
    },

    /** The page's images (the first `maxImages`) found on a worker thread; with `maxLinks`, its links too (a crawl's). */
    parse(html: string, pageUrl: URL, maxImages: number, maxLinks = 0): Promise<PageImages> {
      if (closed) return Promise.reject(new Error('The page parser was closed'));
      return new Promise<PageImages>((resolve, reject) => {
        queue.push({ request: { html, pageUrl: pageUrl.href, maxImages, maxLinks }, resolve, reject });
        pump();
      });
    },

    async close(): Promise<void> {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The page parser was closed'));
      await Promise.all(
        [...slots].map(async (slot) => {
          slots.delete(slot);
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          settle(slot, { error: new Error('The page parser was closed') });
          await slot.worker.terminate();
        }),
      );
    },
  };
}

export type PageParsePool = ReturnType<typeof createPageParsePool>;
