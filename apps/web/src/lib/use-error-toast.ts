import { useEffect } from 'react';
import { errorMessage } from './api-client';
import { toast } from './toast';

/**
 * Shows an error toast with the server's message each time a query or mutation fails
 * (once per failure: the effect runs when the error object changes).
 */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast.error(errorMessage(error));
  }, [error]);
}
