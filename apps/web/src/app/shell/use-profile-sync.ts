import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { profileQueryOptions } from '@/lib/api/get-profile';

/** Refreshes the stored user from the server on entering the app; a failed fetch signs out (docs/product-decisions.md#sessions). */
export function useProfileSync(): void {
  const setUser = useAuthStore((state) => state.setUser);
  const logout = useAuthStore((state) => state.logout);
  const query = useQuery({ ...profileQueryOptions(), retry: false });

  useEffect(() => {
    if (query.data?.user) setUser(query.data.user);
  }, [query.data, setUser]);

  useEffect(() => {
    if (query.isError && useAuthStore.getState().isAuthenticated) logout('session-ended');
  }, [query.isError, logout]);
}
