import * as Popover from '@radix-ui/react-popover';
import { AlertTriangle, Bell, Info, OctagonAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '@/features/notifications/use-notifications';
import type { AppNotification } from '@/features/notifications/use-notifications';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const TONES: Record<AppNotification['tone'], { icon: typeof Bell; classes: string }> = {
  danger: { icon: OctagonAlert, classes: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' },
  warning: {
    icon: AlertTriangle,
    classes: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  info: { icon: Info, classes: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300' },
};

function NotificationBody({ item, isNew }: { item: AppNotification; isNew: boolean }) {
  const { icon: Icon, classes } = TONES[item.tone];
  return (
    <span className="flex gap-3">
      <span className={cn('mt-0.5 h-fit rounded-lg p-1.5', classes)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-gray-900 dark:text-white">
          {item.title}
          {isNew && (
            <span className="ml-2 rounded-full bg-red-100 px-1.5 py-0.5 align-middle text-[0.6875rem] font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
              New
            </span>
          )}
        </span>
        {item.message && (
          <span className="mt-0.5 block text-sm text-gray-600 dark:text-gray-300">{item.message}</span>
        )}
        <span className="mt-1 block text-xs text-gray-600 dark:text-gray-300">
          {formatDateTime(item.createdAt)}
        </span>
      </span>
    </span>
  );
}

/**
 * The top bar's bell: a red dot and a count in its name while something is unread; a Radix
 * Popover lists it all (Escape and an outside click close it, focus returns to the bell).
 */
export function NotificationBell() {
  const { notifications, unreadCount, error, markAllRead } = useNotifications();
  const [open, setOpen] = useState(false);
  // The ids that were unread when the panel opened keep their "New" label while it stays open.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const titleId = useId();

  const onOpenChange = (next: boolean) => {
    if (next) {
      setFreshIds(new Set(notifications.filter((item) => !item.read).map((item) => item.id)));
      markAllRead();
    }
    setOpen(next);
  };

  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={label}
        className="relative rounded-lg p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:ring-blue-400"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unreadCount > 0 && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-gray-900"
          />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-2xl border border-gray-200 bg-white shadow-xl focus-visible:outline-none dark:border-gray-700 dark:bg-gray-900"
        >
          <h2
            id={titleId}
            className="border-b border-gray-200 px-4 py-3 text-sm font-semibold text-gray-900 dark:border-gray-700 dark:text-white"
          >
            Notifications
          </h2>
          {error !== null && error !== undefined && (
            <p className="border-b border-gray-200 px-4 py-3 text-sm text-red-700 dark:border-gray-700 dark:text-red-300">
              Couldn&apos;t check your usage alerts: {errorMessage(error)}
            </p>
          )}
          {notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-gray-600 dark:text-gray-300">
              No new notifications
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800">
              {notifications.map((item) => {
                const body = <NotificationBody item={item} isNew={freshIds.has(item.id)} />;
                return (
                  <li key={item.id}>
                    {item.href ? (
                      <Link
                        to={item.href}
                        onClick={() => setOpen(false)}
                        className="block px-4 py-3 hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800 dark:focus-visible:ring-blue-400"
                      >
                        {body}
                      </Link>
                    ) : (
                      <div className="px-4 py-3">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
