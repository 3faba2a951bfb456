import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKey } from '@/lib/create-api-key';
import { revealedKeyQueryKey } from '@/lib/api-keys-query';

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // ['api-keys'] is every reader of the key list (this screen, the dashboard, generate).
    onSuccess: (created) => {
      // The one moment the server gives the key in full: remembered (in memory) so showing or
      // copying it needs no reveal.
      queryClient.setQueryData(revealedKeyQueryKey(created.id), created.apiKey);
      return queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
}
