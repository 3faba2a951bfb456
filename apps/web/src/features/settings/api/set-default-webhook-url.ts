import { webhookDefaultUpdateSchema, webhookSecretStatusSchema } from '@altwise/shared';
import type { WebhookSecretStatus } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { webhookSecretQueryKey } from './get-webhook-secret-status';

/** PUT /v1/webhooks/default: the URL jobs created without one notify (null clears it). */
export async function setDefaultWebhookUrl(url: string | null): Promise<WebhookSecretStatus> {
  const payload = await api.put<unknown>('/v1/webhooks/default', webhookDefaultUpdateSchema.parse({ url }));
  return parseResponse(webhookSecretStatusSchema, payload, 'webhook settings');
}

export function useSetDefaultWebhookUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultWebhookUrl,
    onSuccess: (status) => queryClient.setQueryData(webhookSecretQueryKey, status),
  });
}
