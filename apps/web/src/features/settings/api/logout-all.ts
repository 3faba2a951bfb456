import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/logout-all: revokes every refresh token of the account (all devices). */
export async function logoutEverywhere(): Promise<void> {
  await api.post<unknown>('/auth/logout-all');
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
