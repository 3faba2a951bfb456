import type { DemoResult } from '@altwise/shared';
import { api } from '@/lib/api-client';

/** POST /v1/demo: public, rate-limited per visitor; a URL as JSON or a file as multipart. */
export function generateDemoAltText(input: { file: File } | { imageUrl: string }): Promise<DemoResult> {
  if ('file' in input) {
    const body = new FormData();
    body.append('file', input.file);
    return api.post<DemoResult>('/v1/demo', body, { auth: false });
  }
  return api.post<DemoResult>('/v1/demo', { imageUrl: input.imageUrl }, { auth: false });
}
