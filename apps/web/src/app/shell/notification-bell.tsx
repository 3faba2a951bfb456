import { Bell } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '@/features/notifications/use-notifications';
import { formatDateTime } from '@/lib/format';
import { useDismiss } from '@/lib/use-dismiss';

export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const countId = useId();
  useDismiss(open, () => setOpen(false), containerRef, buttonRef);
  const unread = notifications.filter((item) => !item.read).length;

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={notifications.length > 0 ? countId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-lg p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:ring-blue-400"
      >
        <Bell className="size-5" aria-hidden="true" />
        {notifications.length > 0 && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-gray-900"
          />
        )}
      </button>
      {notifications.length > 0 && (
        <span id={countId} hidden>
          {unread > 0 ? `${unread} unread` : `${notifications.length} notifications`}
        </span>
      )}
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-2xl border border-gray-200 bg-white shadow-xl dark:border-gray-700 dark:bg-gray-900"
      >
        <h2 className="border-b border-gray-200 px-4 py-3 text-sm font-semibold text-gray-900 dark:border-gray-700 dark:text-white">
          Notifications
        </h2>
        {notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-gray-600 dark:text-gray-300">You're all caught up.</p>
        ) : (
          <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800">
            {notifications.map((item) => {
              const body = (
                <>
                  <span className="block text-sm font-medium text-gray-900 dark:text-white">{item.title}</span>
                  {item.message && (
                    <span className="mt-0.5 block text-sm text-gray-600 dark:text-gray-300">{item.message}</span>
                  )}
                  <span className="mt-1 block text-xs text-gray-600 dark:text-gray-300">
                    {formatDateTime(item.createdAt)}
                  </span>
                </>
              );
              return (
                <li key={item.id}>
                  {item.href ? (
                    <Link
                      to={item.href}
                      onClick={() => setOpen(false)}
                      className="block px-4 py-3 hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800"
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
      </div>
    </div>
  );
}
