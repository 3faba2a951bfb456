import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import type { Location } from 'react-router';

/** A thin bar at the top while the next screen's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-blue-100 dark:bg-blue-950" aria-hidden="true">
      <div className="h-full w-1/3 animate-progress bg-blue-700 dark:bg-blue-400" />
    </div>
  );
}

/** How long a navigation waits for its screen's h1 (a lazily loaded screen shows a spinner first). */
const HEADING_WAIT_MS = 10_000;

/** Focuses the new screen's h1, unless the user has put focus somewhere of their own meanwhile. */
function focusHeading(heading: HTMLElement, focusedBefore: Element | null): void {
  const active = document.activeElement;
  const untouched = !active || active === document.body || active === focusedBefore || !active.isConnected;
  if (!untouched) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After an in-app navigation, move focus to the new screen's h1 so screen-reader and
 * keyboard users start at the top of the new content (the first load keeps the browser default).
 * A screen whose code is still loading (the first visit to the dashboard after Register) has no h1
 * yet: wait for it, or focus would stay on <body> where the submit button was.
 */
function FocusOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    const focusedBefore = document.activeElement;
    const found = document.querySelector<HTMLElement>('main h1');
    if (found) {
      focusHeading(found, focusedBefore);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      observer.disconnect();
      focusHeading(heading, focusedBefore);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, hash]);
  return null;
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[80] rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-white focus:ring-offset-2 focus:ring-offset-blue-700"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}

/** Unique to this page load. */
const PAGE_LOAD = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The key a scroll position is saved under. The router gives every first entry of a page load the
 * key "default", so opening any page directly restored the position some other page had saved
 * under it; a first entry is keyed by this load instead, so every page load starts at the top.
 */
export function scrollKey(location: Pick<Location, 'key'>): string {
  return location.key === 'default' ? PAGE_LOAD : location.key;
}

export function RootLayout() {
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <FocusOnNavigate />
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  );
}
