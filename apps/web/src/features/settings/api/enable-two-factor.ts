import { twoFactorEnabledResponseSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { settingsQueryKey } from './get-settings';

/** POST /auth/two-factor/enable: the first code turns it on; the answer is the recovery codes. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const payload = await api.post<unknown>('/auth/two-factor/enable', { code });
  return parseResponse(twoFactorEnabledResponseSchema, payload, 'recovery codes').recoveryCodes;
}

/** Moves the settings' switch: it shows what the server says is on. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
