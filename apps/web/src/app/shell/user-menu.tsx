import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { fullName, initials, planOf } from '@/lib/format';
import { useDismiss } from '@/lib/use-dismiss';

const itemClasses =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-gray-800 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:text-gray-200 dark:hover:bg-gray-800 dark:focus:bg-gray-800';

/** Initials, full name and plan; a menu with View Profile, Settings and Logout (ARIA menu button). */
export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  useDismiss(open, () => setOpen(false), containerRef, buttonRef);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onLogout = () => {
    setOpen(false);
    // A chosen logout lands on / (the /app guard agrees), so the order of the two does not matter.
    logout();
    void navigate('/');
  };

  const name = fullName(user?.firstName, user?.lastName);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-3 rounded-xl p-1.5 text-left hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-violet-700 text-sm font-bold text-white"
        >
          {initials(user?.firstName, user?.lastName)}
        </span>
        <span className="sr-only sm:not-sr-only">
          <span className="block text-sm font-semibold text-gray-900 dark:text-white">{name}</span>{' '}
          <span className="block text-xs text-gray-600 dark:text-gray-300">{planOf(user)} Plan</span>
        </span>
        <ChevronDown className="hidden size-4 text-gray-600 sm:block dark:text-gray-300" aria-hidden="true" />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute right-0 z-50 mt-2 w-56 overflow-hidden rounded-2xl border border-gray-200 bg-white py-1 shadow-xl dark:border-gray-700 dark:bg-gray-900"
      >
        <Link role="menuitem" tabIndex={-1} to="/app/profile" className={itemClasses} onClick={() => setOpen(false)}>
          <User className="size-4" aria-hidden="true" />
          View Profile
        </Link>
        <Link role="menuitem" tabIndex={-1} to="/app/settings" className={itemClasses} onClick={() => setOpen(false)}>
          <Settings className="size-4" aria-hidden="true" />
          Settings
        </Link>
        <div role="separator" className="my-1 border-t border-gray-200 dark:border-gray-700" />
        <button role="menuitem" tabIndex={-1} type="button" className={itemClasses} onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}
