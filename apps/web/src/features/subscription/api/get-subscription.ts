import { subscriptionResponseSchema } from '@altwise/shared';
import type { Subscription } from '@altwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

/** GET /user/subscription: the signed-in user's plan and billing period. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  const payload = await api.get<unknown>('/user/subscription', { signal });
  return parseResponse(subscriptionResponseSchema, payload, 'subscription').subscription;
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription() {
  return useQuery({ ...subscriptionQueryOptions(), refetchOnMount: 'always' });
}
