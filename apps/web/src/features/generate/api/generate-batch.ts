import { BATCH_STREAM_TYPE, batchResponseSchema, batchStreamLineSchema } from '@altwise/shared';
import type { AltTextResult, BatchItemError, BatchResponse } from '@altwise/shared';
import { toApiError } from '@/lib/api-client';
import { API_BASE_URL } from '@/lib/env';
import { parseResponse } from '@/lib/parse-response';

export type BatchItem = AltTextResult | BatchItemError;

/**
 * POST /v1/images/batch (paid plans; the free plan gets a 403) with the account's key. It asks for
 * NDJSON, so `onItem` hears of each image the moment the server has settled it (the slow one does
 * not hold the others back); a server answering JSON (an Idempotency-Key replay) is read whole and
 * told in input order. The resolved answer lists every image in input order.
 */
export async function generateBatch(
  input: { imageUrls: string[]; context?: string; verify?: boolean },
  apiKey: string,
  onItem: (index: number, item: BatchItem) => void = () => undefined,
): Promise<BatchResponse> {
  const response = await fetch(`${API_BASE_URL.replace(/\/+$/, '')}/v1/images/batch`, {
    method: 'POST',
    headers: { Accept: `${BATCH_STREAM_TYPE}, application/json;q=0.5`, 'Content-Type': 'application/json', 'X-API-Key': apiKey },
    body: JSON.stringify({ imageUrls: input.imageUrls, context: input.context?.trim() || undefined, ...(input.verify && { verify: true }) }),
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.headers.get('content-type')?.includes(BATCH_STREAM_TYPE) || !response.body) {
    const whole = parseResponse(batchResponseSchema, await response.json(), 'batch');
    whole.results.forEach((item, index) => onItem(index, item));
    return whole;
  }

  const results: Array<BatchItem | undefined> = input.imageUrls.map(() => undefined);
  // Set by a line saying the server stopped part-way (its images not yet listed were not described).
  const ended: { error: { code: string; message: string } | null } = { error: null };
  const take = (text: string) => {
    if (!text.trim()) return;
    const line = parseResponse(batchStreamLineSchema, JSON.parse(text), 'batch');
    if ('index' in line) {
      results[line.index] = line.result;
      onItem(line.index, line.result);
    } else if ('error' in line) ended.error = line.error;
  };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      take(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
  }
  take(buffered);

  // An image the answer never reached (the connection dropped, or the server stopped) failed here.
  const failure = ended.error ?? { code: 'incomplete', message: 'The answer ended before this image was described. Please try again.' };
  const complete = results.map((item, index) => {
    if (item) return item;
    const missing: BatchItemError = { imageUrl: input.imageUrls[index]!, error: failure };
    onItem(index, missing);
    return missing;
  });
  const succeeded = complete.filter((item) => !('error' in item)).length;
  return { results: complete, summary: { total: complete.length, succeeded, failed: complete.length - succeeded } };
}
