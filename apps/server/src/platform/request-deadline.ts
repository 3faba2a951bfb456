import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_TIMEOUT_ANSWER } from './client-errors';

/**
 * The body's deadline, kept per request (Node's `requestTimeout` is one figure for the whole
 * server, so it cannot give a 4 GB upload longer than a login). Every request must arrive whole
 * within REQUEST_TIMEOUT_MS of its headers, else the documented 408 and the connection closes (docs/
 * security.md "Slow clients"); an admitted upload gets longer from its declared size (see
 * uploadDeadlineMs). The timers run whether or not the server is closing, so a body trickling in
 * during a shutdown keeps its own deadline and no longer.
 */

/** The slowest upload rate allowed for: a declared size's time on top of REQUEST_TIMEOUT_MS. */
export const UPLOAD_MIN_BYTES_PER_SECOND = 256 * 1024;

/** How long an upload of `declaredBytes` may take to arrive: REQUEST_TIMEOUT_MS, plus its size at the slowest rate allowed for. */
export function uploadDeadlineMs(requestTimeoutMs: number, declaredBytes: number): number {
  return requestTimeoutMs + Math.ceil((Math.max(0, declaredBytes) / UPLOAD_MIN_BYTES_PER_SECOND) * 1000);
}

interface Deadline {
  startedAt: number;
  response: ServerResponse;
  timer: NodeJS.Timeout;
}

const deadlines = new WeakMap<IncomingMessage, Deadline>();

function arm(raw: IncomingMessage, response: ServerResponse, startedAt: number, ms: number): void {
  const previous = deadlines.get(raw);
  if (previous) clearTimeout(previous.timer);
  const timer = setTimeout(
    () => {
      deadlines.delete(raw);
      if (raw.complete) return;
      const socket = raw.socket;
      if (!socket || socket.destroyed) return;
      // An answer already begun (an early 413 while the rest is drained) is not followed by a second one.
      if (!response.headersSent && socket.writable) socket.end(REQUEST_TIMEOUT_ANSWER);
      socket.destroySoon();
    },
    Math.max(0, startedAt + ms - Date.now()),
  );
  timer.unref();
  deadlines.set(raw, { startedAt, response, timer });
}

export function registerRequestDeadline(app: FastifyInstance, requestTimeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!raw.complete) {
      arm(raw, reply.raw, Date.now(), requestTimeoutMs);
      const forget = () => {
        const deadline = deadlines.get(raw);
        if (deadline) clearTimeout(deadline.timer);
        deadlines.delete(raw);
      };
      raw.once('end', forget);
      raw.once('close', forget);
    }
    done();
  });
}

/**
 * Gives an admitted upload the time its declared size needs (Content-Length; a body without one
 * keeps REQUEST_TIMEOUT_MS). Counted from when its headers arrived, like the first deadline.
 */
export function extendForUpload(request: FastifyRequest, requestTimeoutMs: number): void {
  const raw = request.raw;
  const deadline = deadlines.get(raw);
  const declared = Number(request.headers['content-length']);
  if (!deadline || !Number.isFinite(declared) || declared <= 0) return;
  arm(raw, deadline.response, deadline.startedAt, uploadDeadlineMs(requestTimeoutMs, declared));
}
