import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { useUiStore } from '@/lib/ui-store';
import { jsonResponse, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { RequireAuth } from '../guards';
import AppLayout from './app-layout';

const fetchMock = mockFetch();

function renderShell(path = '/app/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <h1>Dashboard</h1> },
              { path: 'profile', element: <h1>Profile</h1> },
              { path: 'settings', element: <h1>Settings</h1> },
            ],
          },
        ],
      },
      { path: '/login', element: <h1>Sign in to your account</h1> },
      { path: '/', element: <h1>Landing</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('app shell', () => {
  beforeEach(() => {
    queryClient.clear();
    useUiStore.setState({ sidebarOpen: false, sidebarCollapsed: false });
    signInAs();
  });

  it('greets the user, shows initials, name and plan, and refreshes the user from the profile', async () => {
    fetchMock.mockImplementation(async (input) =>
      input === '/api/auth/profile'
        ? jsonResponse({ user: { ...sampleUser, firstName: 'Augusta', plan: 'pro' } })
        : new Promise<Response>(() => {}),
    );
    renderShell();
    expect(screen.getByText('Welcome back, Ada!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ada Lovelace Free Plan/ })).toBeInTheDocument();
    await screen.findByText('Welcome back, Augusta!');
    // The plan's display name, never the lowercase id.
    expect(screen.getByRole('button', { name: /Augusta Lovelace Pro Plan/ })).toBeInTheDocument();
  });

  it('greets a brand-new account with "Welcome" on its first visit, and "Welcome back" after', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    useAuthStore.setState({ newAccount: true });
    renderShell();
    expect(screen.getByText('Welcome, Ada!')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    act(() => useAuthStore.setState({ newAccount: false }));
    expect(screen.getByText('Welcome back, Ada!')).toBeInTheDocument();
  });

  it('falls back to "User" and "Free" without a first name or plan', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    useAuthStore.setState({ user: { ...sampleUser, firstName: '', plan: '' } });
    renderShell();
    expect(screen.getByText('Welcome back, User!')).toBeInTheDocument();
    expect(screen.getByText('Free Plan')).toBeInTheDocument();
  });

  it('signs out and goes to /login when the profile fetch fails', async () => {
    fetchMock.mockImplementation(async (input) =>
      input === '/api/auth/profile'
        ? jsonResponse({ error: { code: 'internal_error', message: 'Boom' } }, 500)
        : new Promise<Response>(() => {}),
    );
    const router = renderShell();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('has every sidebar entry, marks the current one, and collapses to icons keeping the names', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    const names = ['Dashboard', 'Generate Alt Text', 'Bulk jobs', 'API Keys', 'Usage & Analytics', 'Subscription', 'Profile', 'Settings'];
    for (const name of names) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('Dashboard');

    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'app-sidebar');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('app-sidebar')).toHaveClass('lg:w-20');
    for (const name of names) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByText('v2.0')).toBeInTheDocument();
  });

  it('opens the user menu by keyboard, closes it on Escape and outside clicks, and logs out to /', async () => {
    fetchMock.mockImplementation(async (input) =>
      input === '/api/auth/logout' ? jsonResponse({}) : new Promise<Response>(() => {}),
    );
    const user = userEvent.setup();
    const router = renderShell();
    const button = screen.getByRole('button', { name: /Ada Lovelace/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'View Profile' })).toHaveFocus());
    // The menu names the user and plan itself (a phone's button shows initials only).
    expect(screen.getByTestId('user-menu-identity')).toHaveTextContent('Ada Lovelaceada@example.comFree Plan');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(fetchMock.mock.calls.some(([input]) => input === '/api/auth/logout')).toBe(true);
  });

  it('sends a user who chose Logout to / even when the sign-out lands before any navigation', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const router = renderShell();
    act(() => useAuthStore.getState().logout());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a user whose session ended under them to /login', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const router = renderShell();
    act(() => useAuthStore.getState().logout('session-ended'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens the notifications popover from the bell and closes it on Escape', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    renderShell();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });
});
