import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Shared by the providers and by logout (which clears every cached query). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (bad input, signed out, not found) will not fix themselves.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
