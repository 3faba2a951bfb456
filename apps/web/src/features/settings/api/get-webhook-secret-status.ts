import { webhookSecretStatusSchema } from '@altwise/shared';
import type { WebhookSecretStatus } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
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
