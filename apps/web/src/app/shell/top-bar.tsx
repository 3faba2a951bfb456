import { Menu } from 'lucide-react';
import { ThemeToggle } from '@/components/theme-toggle';
import { useAuthStore } from '@/lib/auth-store';
import { useUiStore } from '@/lib/ui-store';
import { NotificationBell } from './notification-bell';
import { SIDEBAR_ID, SIDEBAR_OPENER_ID } from './sidebar';
import { UserMenu } from './user-menu';

export function TopBar() {
  const firstName = useAuthStore((state) => state.user?.firstName);
  // SPEC's "Welcome back" greets a returning user; right after creating the account it is only "Welcome".
  const greeting = useAuthStore((state) => (state.newAccount ? 'Welcome' : 'Welcome back'));
  const sidebarOpen = useUiStore((state) => state.sidebarOpen);
  const setSidebarOpen = useUiStore((state) => state.setSidebarOpen);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/85 backdrop-blur dark:border-gray-800 dark:bg-gray-900/85">
      <div className="flex h-16 items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-3">
          <button
            id={SIDEBAR_OPENER_ID}
            type="button"
            aria-label="Open sidebar"
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setSidebarOpen(true)}
            className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 lg:hidden dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          {/* On a phone the greeting may take two short lines rather than losing the name to an ellipsis. */}
          <p className="line-clamp-2 min-w-0 text-sm leading-tight font-semibold break-words text-gray-900 sm:truncate sm:text-lg dark:text-white">
            {greeting}, {firstName?.trim() || 'User'}!
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          <ThemeToggle />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
