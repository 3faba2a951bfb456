import { PASSWORD_MESSAGES, VALIDATION } from '@altwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/toaster';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

const fetchMock = mockFetch();
const sentBody = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body));

describe('Forgot password', () => {
  beforeEach(() => signOut());
  afterEach(() => act(() => useToastStore.getState().clear()));

  it('checks the address before sending, then shows the server\'s one answer in place of the form', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: PASSWORD_MESSAGES.resetRequested }));
    await user.type(screen.getByLabelText('Email address'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = (await screen.findByText('Check your email')).closest('[role="status"]');
    expect(status).toHaveTextContent(PASSWORD_MESSAGES.resetRequested);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/auth\/password\/forgot$/);
    expect(sentBody()).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says so when the address asked too often', async () => {
    const user = userEvent.setup();
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'too_many_requests', message: 'Too many password reset requests from this address. Try again later.' } }, 429));
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many password reset requests from this address. Try again later.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
  });
});

describe('Reset password', () => {
  beforeEach(() => signOut());
  afterEach(() => act(() => useToastStore.getState().clear()));

  /** The page at /reset-password with the link's query string. */
  const open = (search = '?token=tok_123') => {
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const router = createMemoryRouter([{ path: '/reset-password', element: <ResetPasswordPage /> }], { initialEntries: [`/reset-password${search}`] });
    return render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
  };
  const alertBox = (title: string) => screen.getByText(title).closest('[role="alert"]');

  it('without a token in the address, says the link cannot be used and offers a new one', async () => {
    const { container } = open('');
    // No token in the address: nothing to submit, and a way to ask again.
    expect(alertBox('This link cannot be used')).toHaveTextContent(PASSWORD_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    await expectNoAxeViolations(container);
  });

  it('sets the new password and then points to sign in', async () => {
    const user = userEvent.setup();
    const { container } = open();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true }));
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Brand-New-Pass-7');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand-New-Pass-7');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    expect(sentBody()).toEqual({ token: 'tok_123', password: 'Brand-New-Pass-7' });
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute('href', '/login');
  });

  it('a used or expired link says so and offers a new one', async () => {
    const user = userEvent.setup();
    open('?token=used');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: PASSWORD_MESSAGES.resetLinkInvalid, details: [{ field: 'token', message: PASSWORD_MESSAGES.resetLinkInvalid }] } }, 400),
    );
    await user.type(screen.getByLabelText('New password'), 'Brand-New-Pass-7');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand-New-Pass-7');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(alertBox('This link cannot be used')).toHaveTextContent(PASSWORD_MESSAGES.resetLinkInvalid));
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('shows the server\'s refusal of a common password under the field and keeps the form', async () => {
    const user = userEvent.setup();
    open();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: 'Validation failed', details: [{ field: 'password', message: VALIDATION.passwordTooCommon }] } }, 400),
    );
    await user.type(screen.getByLabelText('New password'), 'sunshine');
    await user.type(screen.getByLabelText('Confirm new password'), 'sunshine');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(VALIDATION.passwordTooCommon)));
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
    expect(screen.queryByText('This link cannot be used')).not.toBeInTheDocument();
  });
});
