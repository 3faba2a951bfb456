import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** POST /auth/two-factor/disable with a code from the app or a recovery code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await api.post<unknown>('/auth/two-factor/disable', { code });
}

/** Moves the settings' switch: it shows what the server says is on. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
