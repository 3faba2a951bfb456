import { twoFactorSetupResponseSchema } from '@altwise/shared';
import type { TwoFactorSetup } from '@altwise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /auth/two-factor/setup: a new key waiting for its first code. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return parseResponse(twoFactorSetupResponseSchema, await api.post<unknown>('/auth/two-factor/setup'), 'two-factor set-up');
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
