import type { DemoInfo } from '@altwise/shared';
import { demoInfoSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** GET /v1/demo: public; whether this instance describes images with a vision model. */
export async function getDemoInfo(signal?: AbortSignal): Promise<DemoInfo> {
  const payload = await api.get<unknown>('/v1/demo', { auth: false, signal });
  return parseResponse(demoInfoSchema, payload, 'demo');
}

/**
 * Whether a vision model describes images: true or false once the server said, undefined while
 * it has not (the page then claims nothing either way). It does not change while the page is open.
 */
export function useVisionModel(): boolean | undefined {
  const { data } = useQuery({ queryKey: ['demo-info'], queryFn: ({ signal }) => getDemoInfo(signal), staleTime: Infinity, retry: 1 });
  return data?.visionModel;
}
