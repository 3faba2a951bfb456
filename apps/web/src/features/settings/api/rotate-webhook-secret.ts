import { webhookSecretSchema } from '@altwise/shared';
import type { WebhookSecret, WebhookSecretStatus } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { webhookSecretQueryKey } from './get-webhook-secret-status';

/** POST /v1/webhooks/secret: a new secret, replacing the old one at once; this answer is the only time it is shown. */
export async function rotateWebhookSecret(): Promise<WebhookSecret> {
  return parseResponse(webhookSecretSchema, await api.post<unknown>('/v1/webhooks/secret'), 'webhook secret');
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (created) =>
      queryClient.setQueryData<WebhookSecretStatus>(webhookSecretQueryKey, (old) => ({ configured: true, createdAt: created.createdAt, defaultUrl: old?.defaultUrl ?? null })),
  });
}
