import { plansResponseSchema } from '@altwise/shared';
import type { Plan } from '@altwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** GET /v1/plans: the plan catalogue (public). */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const payload = await api.get<unknown>('/v1/plans', { signal });
  return parseResponse(plansResponseSchema, payload, 'plan catalogue').plans;
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['plans'], queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
