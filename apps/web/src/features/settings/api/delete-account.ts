import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /v1/user: deletes the account and everything it owns. */
export async function deleteAccount(): Promise<void> {
  await api.delete<unknown>('/v1/user');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
