import { webhookDefaultUpdateSchema, webhookSecretSchema, webhookSecretStatusSchema } from '@altwise/shared';
import type { WebhookSecretStatus } from '@altwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export const webhookSecretQueryKey = ['webhooks', 'secret'] as const;

/** GET /v1/webhooks/secret: whether the account has a signing secret (never the secret itself). */
export async function getWebhookSecretStatus(signal?: AbortSignal): Promise<WebhookSecretStatus> {
  return parseResponse(webhookSecretStatusSchema, await api.get<unknown>('/v1/webhooks/secret', { signal }), 'webhook secret');
}

export function useWebhookSecretStatus() {
  return useQuery({ queryKey: webhookSecretQueryKey, queryFn: ({ signal }) => getWebhookSecretStatus(signal) });
}

/** POST /v1/webhooks/secret: a new secret, replacing the old one at once; this answer is the only time it is shown. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => parseResponse(webhookSecretSchema, await api.post<unknown>('/v1/webhooks/secret'), 'webhook secret'),
    onSuccess: (created) =>
      queryClient.setQueryData<WebhookSecretStatus>(webhookSecretQueryKey, (old) => ({ configured: true, createdAt: created.createdAt, defaultUrl: old?.defaultUrl ?? null })),
  });
}

/** PUT /v1/webhooks/default: the URL jobs created without one notify (null clears it). */
export function useSetDefaultWebhookUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (url: string | null) =>
      parseResponse(webhookSecretStatusSchema, await api.put<unknown>('/v1/webhooks/default', webhookDefaultUpdateSchema.parse({ url })), 'webhook settings'),
    onSuccess: (status) => queryClient.setQueryData(webhookSecretQueryKey, status),
  });
}
