import { twoFactorEnabledResponseSchema, twoFactorSetupResponseSchema } from '@altwise/shared';
import type { TwoFactorSetup } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { settingsQueryKey } from './get-settings';

/** POST /auth/two-factor/setup: a new key waiting for its first code. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return parseResponse(twoFactorSetupResponseSchema, await api.post<unknown>('/auth/two-factor/setup'), 'two-factor set-up');
}

/** POST /auth/two-factor/enable: the first code turns it on; the answer is the recovery codes. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const payload = await api.post<unknown>('/auth/two-factor/enable', { code });
  return parseResponse(twoFactorEnabledResponseSchema, payload, 'recovery codes').recoveryCodes;
}

/** POST /auth/two-factor/disable with a code from the app or a recovery code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await api.post<unknown>('/auth/two-factor/disable', { code });
}

/** Either change moves the settings' switch: it shows what the server says is on. */
export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsQueryKey });
  return {
    setup: useMutation({ mutationFn: startTwoFactorSetup }),
    enable: useMutation({ mutationFn: enableTwoFactor, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh }),
  };
}
