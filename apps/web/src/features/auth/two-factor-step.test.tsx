import { TWO_FACTOR_MESSAGES } from '@altwise/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { authResponse, jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import { LoginForm } from './login-form';

const fetchMock = mockFetch();
const challenge = { twoFactorRequired: true, challengeToken: 'challenge-1', expiresIn: 300 };

/** Signs in with the password; the server answers that a second step is needed. */
async function passwordStep() {
  const user = userEvent.setup();
  const view = renderRoute(<LoginForm />, { path: '/login', extraPaths: ['/app/dashboard'] });
  fetchMock.mockResolvedValueOnce(jsonResponse(challenge));
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Password1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const code = await screen.findByLabelText('Authentication code');
  return { user, view, code };
}
const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as unknown;

describe('Sign-in, second step (two-factor)', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    act(() => useToastStore.getState().clear());
  });

  it('asks for a code after the password, without a session yet, then signs in with it', async () => {
    const { user, view, code } = await passwordStep();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(screen.getByRole('form', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    await expectNoAxeViolations(view.container);
    fetchMock.mockResolvedValueOnce(jsonResponse(authResponse()));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/app/dashboard'));
    expect(String(fetchMock.mock.calls[1]![0])).toMatch(/\/api\/auth\/login\/two-factor$/);
    expect(bodyOf(1)).toEqual({ challengeToken: 'challenge-1', code: '123456' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: sampleUser });
  });

  it('shows a wrong code on the field and lets the person try again', async () => {
    const { user, code } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeRequired);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: TWO_FACTOR_MESSAGES.codeInvalid, details: [{ field: 'code', message: TWO_FACTOR_MESSAGES.codeInvalid }] } }, 400),
    );
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeInvalid));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('an expired step says so and goes back to the password', async () => {
    const { user, code } = await passwordStep();
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: TWO_FACTOR_MESSAGES.challengeExpired } }, 401));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
