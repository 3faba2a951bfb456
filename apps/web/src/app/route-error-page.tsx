import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useAuthStore } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A screen's code that no longer exists on the server (a deploy happened since this tab loaded). */
export function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): { title: string; detail: string } {
  if (isStaleChunkError(error)) {
    return {
      title: 'Altwise has been updated',
      detail: 'This page could not load because a new version was released. Reload to get it.',
    };
  }
  if (isRouteErrorResponse(error)) return { title: 'Something went wrong', detail: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error && error.message) return { title: 'Something went wrong', detail: error.message };
  return { title: 'Something went wrong', detail: 'An unexpected error stopped this page.' };
}

/**
 * What a route shows instead of the router's default crash screen: what happened, a retry (a full
 * reload, which also fetches a new deploy's code) and a way home. It is every route's ErrorBoundary;
 * inside a layout it fills the layout's <main>, and for a layout's own failure it brings its own.
 */
export function RouteErrorContent() {
  const error = useRouteError();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const { title, detail } = describe(error);
  useDocumentTitle(title);
  return (
    <section role="alert" aria-labelledby="route-error-title" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <span className="rounded-full bg-red-100 p-3 text-red-700 dark:bg-red-950 dark:text-red-300">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <h1 id="route-error-title" className="mt-4 text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      <p className="mt-3 break-words text-gray-600 dark:text-gray-300" data-testid="route-error-detail">
        {detail}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses({ variant: 'primary' })} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link reloadDocument to={signedIn ? '/app/dashboard' : '/'} className={buttonClasses({ variant: 'outline' })}>
          {signedIn ? 'Go to dashboard' : 'Back to home'}
        </Link>
      </div>
    </section>
  );
}

/** For a layout that failed itself: no layout is left around the message, so it brings its <main>. */
export function LayoutErrorPage() {
  return (
    <main id="main" tabIndex={-1} className="min-h-screen bg-white focus:outline-none dark:bg-gray-950">
      <RouteErrorContent />
    </main>
  );
}
