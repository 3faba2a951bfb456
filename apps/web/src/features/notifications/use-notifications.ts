/** One entry of the top bar's notification list. */
export interface AppNotification {
  id: string;
  title: string;
  message?: string;
  /** ISO date-time. */
  createdAt: string;
  read?: boolean;
  /** Optional in-app destination, e.g. '/app/usage'. */
  href?: string;
}

/**
 * The notifications shown under the top bar's bell. Empty for now: fill it (e.g. from a
 * TanStack Query on usage warnings) and the bell shows its red dot when the list is non-empty.
 */
export function useNotifications(): AppNotification[] {
  return NONE;
}

// A stable empty list, so callers can use it in effect dependencies.
const NONE: AppNotification[] = [];
