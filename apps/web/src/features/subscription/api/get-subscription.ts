import { subscriptionResponseSchema } from '@altwise/shared';
import type { BillingInfo, Subscription } from '@altwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

export interface SubscriptionView {
  subscription: Subscription;
  /** How this server sells plans; a server without it sells them the old way (test mode). */
  billing: BillingInfo | null;
}

/** GET /user/subscription: the signed-in user's plan and billing period, and the billing mode. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionView> {
  const payload = await api.get<unknown>('/user/subscription', { signal });
  const { subscription, billing } = parseResponse(subscriptionResponseSchema, payload, 'subscription');
  return { subscription, billing: billing ?? null };
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription() {
  return useQuery({ ...subscriptionQueryOptions(), refetchOnMount: 'always' });
}
