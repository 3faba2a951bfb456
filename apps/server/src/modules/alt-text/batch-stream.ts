// POST /v1/images/batch as NDJSON (`Accept: application/x-ndjson`): a line per image as soon as
// it settles, so a person watching four images is not left with nothing until the slowest one is
// done. The work is the same call as the JSON answer's (the same admission, quota and charges);
// the answer starts only once the batch is admitted, so a refusal (403, 429) is the usual JSON
// error. Under an Idempotency-Key the whole JSON answer is kept, and a replay answers it.
import { PassThrough } from 'node:stream';
import type { BatchResponse, BatchStreamLine } from '@altwise/shared';
import { BATCH_STREAM_TYPE } from '@altwise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Idempotency } from '../idempotency';
import { setRateLimitHeaders } from '../usage';
import type { BatchProgress, Generated } from './alt-text.service';
import { Admitted } from './alt-text.service';
import { toItemError } from './generation-errors';

export function wantsBatchStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes(BATCH_STREAM_TYPE);
}

export async function streamBatch(
  request: FastifyRequest,
  reply: FastifyReply,
  idempotency: Idempotency,
  userId: string,
  run: (runName: string | undefined, progress: BatchProgress) => Promise<Generated<BatchResponse>>,
): Promise<unknown> {
  const stream = new PassThrough();
  let started = false;
  const write = (line: BatchStreamLine) => void stream.write(`${JSON.stringify(line)}\n`);
  const progress: BatchProgress = {
    admitted(quota, alreadySettled) {
      if (quota) setRateLimitHeaders(reply, quota);
      // no-store and no proxy buffering: each line is worth having the moment it is written.
      reply.status(200).header('content-type', `${BATCH_STREAM_TYPE}; charset=utf-8`).header('cache-control', 'no-store').header('x-accel-buffering', 'no');
      started = true;
      void reply.send(stream);
      for (const { index, result } of alreadySettled) write({ index, result });
    },
    settled: (index, result) => write({ index, result }),
  };

  try {
    const answered = await idempotency.handle(request, reply, userId, request.body, async (runName) => {
      try {
        const { result } = await run(runName, progress);
        write({ summary: result.summary });
        stream.end();
        return result;
      } catch (error) {
        if (started) throw error;
        // Refused before any line: the usual error answer, with the quota headers when it was admitted.
        if (error instanceof Admitted) {
          setRateLimitHeaders(reply, error.quota);
          throw error.cause;
        }
        throw error;
      }
    });
    return started ? reply : answered;
  } catch (error) {
    if (!started) throw error;
    // The answer has begun: the fault is its last line (the key, if any, is forgotten, so a retry runs again).
    request.log.error({ err: error }, 'the streamed batch stopped');
    write({ error: toItemError(error) });
    stream.end();
    return reply;
  }
}
