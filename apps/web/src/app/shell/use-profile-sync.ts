import type { UserResponse } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

/** Query key of GET /auth/profile; invalidate it after a profile change. */
export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

/** Refreshes the stored user from the server on entering the app; a failed fetch signs out (SPEC §4). */
export function useProfileSync(): void {
  const setUser = useAuthStore((state) => state.setUser);
  const logout = useAuthStore((state) => state.logout);
  const query = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => api.get<UserResponse>('/auth/profile', { signal }),
    retry: false,
  });

  useEffect(() => {
    if (query.data?.user) setUser(query.data.user);
  }, [query.data, setUser]);

  useEffect(() => {
    if (query.isError && useAuthStore.getState().isAuthenticated) logout();
  }, [query.isError, logout]);
}
