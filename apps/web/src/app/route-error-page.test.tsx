import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signInAs, signOut } from '@/test/session';
import { LayoutErrorPage, RouteErrorContent } from './route-error-page';
import { loadScreen, routes } from './router';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "plan")');
}

function renderAt(tree: RouteObject[], path: string) {
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route error boundary', () => {
  it('shows the error, a retry and a way home when a screen throws while rendering, keeping its layout', async () => {
    signOut();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderAt(
      [
        {
          path: '/',
          element: (
            <>
              <nav aria-label="Layout">layout</nav>
              <Outlet />
            </>
          ),
          children: [{ path: 'broken', Component: Broken, ErrorBoundary: RouteErrorContent }],
        },
      ],
      '/broken',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    // Only the failing screen is replaced: its layout stays around the message.
    expect(screen.getByRole('navigation', { name: 'Layout' })).toBeInTheDocument();
    expect(screen.getByTestId('route-error-detail')).toHaveTextContent('Cannot read properties of undefined');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('explains a screen whose code is gone after a deploy (navigating to it), and sends a signed-in user to the dashboard', async () => {
    signInAs();
    const router = renderAt(
      [
        {
          path: '/',
          element: <Outlet />,
          children: [
            { path: 'a', element: <h1>A</h1> },
            {
              path: 'usage',
              lazy: () => loadScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/usage-page-x1.js'))),
              ErrorBoundary: RouteErrorContent,
            },
          ],
        },
      ],
      '/a',
    );
    await screen.findByRole('heading', { name: 'A' });
    await act(() => router.navigate('/usage'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Altwise has been updated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('gives a layout that failed its own <main>', async () => {
    signOut();
    renderAt([{ path: '/x', Component: Broken, ErrorBoundary: LayoutErrorPage }], '/x');
    expect(await screen.findByRole('main')).toHaveTextContent('Something went wrong');
  });

  it('is set on every layout and every screen of the app, so no route falls to the default crash screen', () => {
    const missing: string[] = [];
    const walk = (tree: RouteObject[], trail: string) => {
      for (const route of tree) {
        const name = `${trail}/${route.path ?? (route.index ? '(index)' : '(layout)')}`;
        const redirect = route.element !== undefined && route.lazy === undefined && route.Component === undefined;
        if (!redirect && !route.ErrorBoundary && !route.errorElement) missing.push(name);
        if (route.children) walk(route.children, name);
      }
    };
    walk(routes, '');
    expect(missing).toEqual([]);
  });
});
