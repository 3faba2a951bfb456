import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUDITS_KEY } from './list-audits';

/** DELETE /v1/audits/:id: removes the audit from the history. */
export async function deleteAudit(id: string): Promise<void> {
  await api.delete<unknown>(`/v1/audits/${encodeURIComponent(id)}`);
}

export function useDeleteAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudit,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: [...AUDITS_KEY, 'one', id] });
      return queryClient.invalidateQueries({ queryKey: [...AUDITS_KEY, 'history'] });
    },
  });
}
