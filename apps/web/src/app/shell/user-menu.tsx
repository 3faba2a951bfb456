import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { fullName, initials, planName } from '@/lib/format';

const itemClasses =
  'flex w-full cursor-pointer items-center gap-3 px-4 py-2.5 text-left text-sm text-gray-800 outline-none select-none data-[highlighted]:bg-gray-100 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800';

/**
 * Initials, full name and "<Plan> Plan"; a menu with View Profile, Settings and Logout. Radix's
 * DropdownMenu is the ARIA menu button: arrow keys, Home/End, type-ahead, Escape and an outside
 * click close it and focus returns to the button. On a phone the button shows the initials only,
 * so the menu itself starts with the name and plan (docs/product-decisions.md#app-shell).
 */
export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const onLogout = () => {
    // A chosen logout lands on / (the /app guard agrees), so the order of the two does not matter.
    logout();
    void navigate('/');
  };

  const name = fullName(user?.firstName, user?.lastName);
  const plan = `${planName(user)} Plan`;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-3 rounded-xl p-1.5 text-left hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400">
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-violet-700 text-sm font-bold text-white"
        >
          {initials(user?.firstName, user?.lastName)}
        </span>
        <span className="sr-only sm:not-sr-only">
          <span className="block max-w-40 truncate text-sm font-semibold text-gray-900 dark:text-white">{name}</span>{' '}
          <span className="block text-xs text-gray-600 dark:text-gray-300">{plan}</span>
        </span>
        <ChevronDown className="hidden size-4 text-gray-600 sm:block dark:text-gray-300" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-50 w-64 max-w-[calc(100vw-2rem)] overflow-hidden rounded-2xl border border-gray-200 bg-white py-1 shadow-xl dark:border-gray-700 dark:bg-gray-900"
        >
          <DropdownMenu.Label className="border-b border-gray-200 px-4 py-3 dark:border-gray-700" data-testid="user-menu-identity">
            <span className="block text-sm font-semibold break-words text-gray-900 dark:text-white">{name}</span>
            {user?.email && <span className="block text-xs break-all text-gray-600 dark:text-gray-300">{user.email}</span>}
            <span className="mt-0.5 block text-xs text-gray-600 dark:text-gray-300">{plan}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/app/profile">
              <User className="size-4" aria-hidden="true" />
              View Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/app/settings">
              <Settings className="size-4" aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 border-t border-gray-200 dark:border-gray-700" />
          <DropdownMenu.Item className={itemClasses} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
