import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@altwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * An answer written straight to the socket, before or outside Fastify's request cycle (a body that
 * outlived REQUEST_TIMEOUT_MS, headers too large, a request Node could not parse): the same
 * documented envelope as every other error (docs/api-conventions.md#errors), then the connection closes.
 */
export function rawErrorAnswer(status: number, code: ErrorCode, message: string): string {
  const body = JSON.stringify(new AppError(code, message, 400).toJSON());
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export const REQUEST_TIMEOUT_ANSWER = rawErrorAnswer(408, 'request_timeout', 'The request was not received in full within REQUEST_TIMEOUT_MS: send it again, faster');

/** Node's clientError (Fastify's default writes its own `{ error, message, statusCode }` shape). */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = REQUEST_TIMEOUT_ANSWER;
  else if (error.code === 'HPE_HEADER_OVERFLOW') answer = rawErrorAnswer(431, 'bad_request', 'The request headers are too large');
  else answer = rawErrorAnswer(400, 'bad_request', 'The request could not be parsed as HTTP');
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}
