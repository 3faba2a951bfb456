import { FocusScope } from '@radix-ui/react-focus-scope';
import { ChevronsLeft, ChevronsRight, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/cn';
import { useUiStore } from '@/lib/ui-store';
import { NAV_ITEMS } from './nav-items';

export const SIDEBAR_ID = 'app-sidebar';
/** The top bar's menu button, which opens the overlay on small screens. */
export const SIDEBAR_OPENER_ID = 'app-sidebar-opener';

const iconButton =
  'rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:ring-blue-400';

/** Tailwind's lg breakpoint, from which the sidebar is always shown (never an overlay). */
const DESKTOP_QUERY = '(min-width: 64rem)';

/**
 * Desktop: fixed, expanded (w-64) or icons only (w-20); labels stay as accessible names.
 * Small screens: a modal drawer opened from the top bar (the page behind it is inert: AppLayout),
 * focus held inside it, closed by its backdrop, Escape or a navigation.
 */
export function Sidebar() {
  const open = useUiStore((state) => state.sidebarOpen);
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const setOpen = useUiStore((state) => state.setSidebarOpen);
  const setCollapsed = useUiStore((state) => state.setSidebarCollapsed);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Open (small screens only), it is a modal dialog; an <aside> may not take that role.
  const Panel = open ? 'div' : 'aside';
  const wasOpen = useRef(open);

  // Escape closes the overlay wherever focus is (the backdrop closes it on a click); the effect
  // below returns focus to the opener.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen]);

  // A window widened to desktop while the drawer is open shows the sidebar in place: no overlay.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && setOpen(false);
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open, setOpen]);

  // The overlay takes focus when it opens and gives it back to the opener when it closes.
  useEffect(() => {
    if (open && !wasOpen.current) closeRef.current?.focus();
    if (!open && wasOpen.current) {
      const active = document.activeElement;
      const sidebar = document.getElementById(SIDEBAR_ID);
      if (!active || active === document.body || sidebar?.contains(active)) {
        document.getElementById(SIDEBAR_OPENER_ID)?.focus();
      }
    }
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      {open && (
        <button
          type="button"
          aria-label="Close sidebar"
          onClick={() => setOpen(false)}
          className="fixed inset-0 z-40 bg-gray-950/60 backdrop-blur-sm focus-visible:outline-none lg:hidden"
        />
      )}
      {/* Tab and Shift+Tab go round the open drawer; the effects above move focus in and back out. */}
      <FocusScope asChild trapped={open} loop={open} onMountAutoFocus={(event) => event.preventDefault()} onUnmountAutoFocus={(event) => event.preventDefault()}>
      <Panel
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        {...(open ? { role: 'dialog', 'aria-modal': true } : {})}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-gray-200 bg-white transition-[width,transform] duration-200 dark:border-gray-800 dark:bg-gray-900',
          open ? 'translate-x-0' : 'invisible -translate-x-full',
          'lg:visible lg:translate-x-0',
          collapsed ? 'lg:w-20' : 'lg:w-64',
        )}
      >
        <div className={cn('flex h-16 items-center border-b border-gray-200 px-4 dark:border-gray-800', collapsed ? 'lg:justify-center' : 'justify-between')}>
          <NavLink to="/app/dashboard" className={cn('rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400', collapsed && 'lg:hidden')}>
            <Logo />
            <span className="sr-only"> dashboard</span>
          </NavLink>
          <button ref={closeRef} type="button" aria-label="Close sidebar" onClick={() => setOpen(false)} className={cn(iconButton, 'lg:hidden')}>
            <X className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            onClick={() => setCollapsed(!collapsed)}
            className={cn(iconButton, 'hidden lg:inline-flex')}
          >
            {collapsed ? (
              <ChevronsRight className="size-5" aria-hidden="true" />
            ) : (
              <ChevronsLeft className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
        <nav aria-label="Primary" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={collapsed ? label : undefined}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400',
                      collapsed && 'lg:justify-center lg:px-0',
                      isActive
                        ? 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
                        : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  <span className={cn(collapsed && 'lg:sr-only')}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={cn('border-t border-gray-200 px-4 py-4 text-xs dark:border-gray-800', collapsed && 'lg:px-2 lg:text-center')}>
          <p className="font-semibold text-gray-800 dark:text-gray-200">v2.0</p>
          <p className={cn('mt-0.5 text-gray-600 dark:text-gray-300', collapsed && 'lg:sr-only')}>
            AI-powered alt text for an accessible web
          </p>
        </div>
      </Panel>
      </FocusScope>
    </>
  );
}
