import { auditSchema } from '@altwise/shared';
import type { Audit } from '@altwise/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { AUDITS_KEY } from './list-audits';

/**
 * POST /v1/audits: fetches the page on the server and lists its images (with suggestions, charged).
 * Checked at run time with the schema the server serialises with, typed at build time as the served
 * OpenAPI document says (see lib/parse-response.ts).
 */
export async function createAudit(input: { url: string; suggest: boolean }): Promise<Audit> {
  const payload = await api.post<unknown>('/v1/audits', { url: input.url.trim(), suggest: input.suggest });
  return parseResponse(auditSchema, payload, 'audit');
}

/** Runs an audit; the history list shows it next time it is read. */
export function useCreateAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudit,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUDITS_KEY }),
  });
}
