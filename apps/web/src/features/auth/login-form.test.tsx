import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { authResponse, sampleUser, jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import { LoginForm } from './login-form';

const fetchMock = mockFetch();

function setup() {
  const user = userEvent.setup();
  const view = renderRoute(<LoginForm />, { path: '/login', extraPaths: ['/app/dashboard'] });
  return { user, ...view };
}

describe('LoginForm', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    act(() => useToastStore.getState().clear());
  });

  it('shows "required" messages under empty fields and makes no call', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveFocus());
  });

  it('re-checks a field on each change once it shows an error: the message follows the value, not the next submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'ada');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    await user.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    // The other field keeps its message until it is fixed in turn.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('shows "Invalid email address" and the minimum password length', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with remember me, says "Welcome back!" and goes to the dashboard', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email address'), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'Password1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = screen.getByRole('button', { name: /Signing in\.\.\./ });
    // Busy: it ignores presses but keeps focus (aria-disabled, not disabled).
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'Password1',
      rememberMe: true,
    });

    release(jsonResponse(authResponse()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back!');
    expect(useAuthStore.getState()).toMatchObject({ token: 'access-1', isAuthenticated: true });
    // The session header asks for the HttpOnly cookie; nothing but the profile reaches storage.
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('X-Altwise-Session')).toBe('cookie');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toEqual({ user: sampleUser });
  });

  it("shows the server's message as an error toast and stays", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } }, 401));
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password'));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
