import { batchResponseSchema } from '@altwise/shared';
import type { BatchResponse } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /v1/images/batch: several image URLs in one call (paid plans; the free plan gets a 403). */
export async function generateBatch(input: { imageUrls: string[]; context?: string }, apiKey: string): Promise<BatchResponse> {
  const payload = await api.post<unknown>(
    '/v1/images/batch',
    { imageUrls: input.imageUrls, context: input.context?.trim() || undefined },
    { apiKey },
  );
  return parseResponse(batchResponseSchema, payload, 'batch');
}
