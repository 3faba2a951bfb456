import { z } from 'zod';
import { altTextResultSchema, batchItemErrorSchema, batchResponseSchema } from './alt-text';

/**
 * POST /v1/images/batch answers NDJSON (one JSON object a line) when the client sends
 * `Accept: application/x-ndjson`: a line per image as soon as it settles, in the order they
 * finish, then one summary line. Every other client gets the one JSON answer, as before; an
 * Idempotency-Key replay is always that JSON answer.
 */
export const BATCH_STREAM_TYPE = 'application/x-ndjson';

export const batchStreamItemSchema = z.object({
  /** The image's position in the request's `imageUrls`. */
  index: z.number().int().min(0),
  result: z.union([altTextResultSchema, batchItemErrorSchema]),
});
export const batchStreamSummarySchema = z.object({ summary: batchResponseSchema.shape.summary });
/** The batch stopped after its answer had begun (a server fault, not an image's): the images not yet listed were not described. */
export const batchStreamErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export const batchStreamLineSchema = z.union([batchStreamItemSchema, batchStreamSummarySchema, batchStreamErrorSchema]);
export type BatchStreamLine = z.infer<typeof batchStreamLineSchema>;
