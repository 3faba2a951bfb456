import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { useAuthStore } from '@/lib/auth-store';

const sectionLinks = [
  { href: '/#features', label: 'Features' },
  { href: '/#demo', label: 'Demo' },
  { href: '/#pricing', label: 'Pricing' },
];

const sectionLinkClasses =
  'rounded text-gray-700 hover:text-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:text-blue-300 dark:focus-visible:ring-blue-400';

/**
 * On a phone the section links sit behind a disclosure button (a plain one: the landing page's
 * JavaScript budget has no room for a menu library, and a disclosure is the right pattern here).
 */
function SectionMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label="Sections"
        onClick={() => setOpen((value) => !value)}
        className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-gray-200 bg-white px-4 py-2 shadow-lg dark:border-gray-800 dark:bg-gray-950"
      >
        {sectionLinks.map((link) => (
          <li key={link.href}>
            <a href={link.href} onClick={() => setOpen(false)} className={`block py-2.5 text-base font-medium ${sectionLinkClasses}`}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteHeader() {
  // A signed-in visitor (on a 404, or the landing page) is offered their dashboard, not a sign-in.
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200/80 bg-white/85 backdrop-blur dark:border-gray-800 dark:bg-gray-950/85">
      {/* Wraps below ~350 px (WCAG 1.4.10 Reflow at 320): the sign-in links go to a second row rather than off-screen. */}
      <nav aria-label="Main" className="relative mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:h-16 sm:flex-nowrap sm:gap-4 sm:px-6 sm:py-0 lg:px-8">
        <div className="flex items-center gap-1">
          <SectionMenu />
          <Link
            to="/"
            className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400"
          >
            <Logo compactOnMobile />
            <span className="sr-only"> home</span>
          </Link>
        </div>
        <ul className="hidden items-center gap-8 text-sm font-medium md:flex">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={sectionLinkClasses}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2 sm:gap-3">
          <ThemeToggle />
          {signedIn ? (
            <Link to="/app/dashboard" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Sign In
              </Link>
              <Link to="/register" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
