import { altTextResultSchema } from '@altwise/shared';
import type { AltTextResult } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export type GenerateInput = ({ imageUrl: string } | { file: File }) & { context?: string; /** Several readings, disagreements flagged (3 requests). */ verify?: boolean };

/**
 * POST /v1/images with the account's key: an image URL as JSON, or one uploaded file as
 * multipart (field `file`, with `context` before it so the server reads it first).
 */
export async function generateAltText(input: GenerateInput, apiKey: string): Promise<AltTextResult> {
  const context = input.context?.trim() || undefined;
  let body: unknown;
  if ('file' in input) {
    const form = new FormData();
    if (context) form.append('context', context);
    if (input.verify) form.append('verify', 'true');
    form.append('file', input.file, input.file.name);
    body = form;
  } else {
    body = { imageUrl: input.imageUrl, context, ...(input.verify && { verify: true }) };
  }
  const payload = await api.post<unknown>('/v1/images', body, { apiKey });
  return parseResponse(altTextResultSchema, payload, 'alt text');
}
