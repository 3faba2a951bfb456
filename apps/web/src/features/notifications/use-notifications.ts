import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiKeyListQueryOptions } from '@/lib/api/list-api-keys';
import { usageQueryOptions } from '@/lib/api/get-usage';
import { deriveNotifications } from './derive-notifications';
import type { AppNotification } from './derive-notifications';
import { useNotificationReadStore } from './read-store';

export type { AppNotification } from './derive-notifications';

export interface NotificationCenter {
  notifications: AppNotification[];
  unreadCount: number;
  /** Why the alerts could not be checked (shown in the panel; the screens toast their own failures). */
  error: unknown;
  /** Marks every listed notification as read (call when the panel opens). */
  markAllRead(): void;
}

// The bell lives in the shell on every screen: poll quietly, and share the dashboard's query.
const POLL = { refetchInterval: 60_000, refetchOnWindowFocus: true } as const;

/** The notifications under the top bar's bell, derived from usage and the key list. */
export function useNotifications(): NotificationCenter {
  const usage = useQuery({ ...usageQueryOptions('7d'), ...POLL });
  const keys = useQuery({ ...apiKeyListQueryOptions(), ...POLL });
  const readIds = useNotificationReadStore((state) => state.readIds);
  const markRead = useNotificationReadStore((state) => state.markRead);

  const observedAt = Math.max(usage.dataUpdatedAt, keys.dataUpdatedAt);
  const notifications = useMemo(() => {
    const read = new Set(readIds);
    return deriveNotifications({
      currentUsage: usage.data?.currentUsage,
      apiKeys: keys.data,
      observedAt: new Date(observedAt || Date.now()),
    }).map((item) => ({ ...item, read: read.has(item.id) }));
  }, [usage.data, keys.data, observedAt, readIds]);

  const markAllRead = useCallback(() => markRead(notifications.map((item) => item.id)), [markRead, notifications]);

  return {
    notifications,
    unreadCount: notifications.filter((item) => !item.read).length,
    error: usage.error ?? keys.error,
    markAllRead,
  };
}
