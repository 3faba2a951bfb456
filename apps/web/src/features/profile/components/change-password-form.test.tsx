import { PASSWORD_MESSAGES } from '@altwise/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { authResponse, jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { ChangePasswordForm } from './change-password-form';

const fetchMock = mockFetch();

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordForm', () => {
  beforeEach(() => signInAs());
  afterEach(() => act(() => useToastStore.getState().clear()));

  it('asks for every field and a matching confirmation before any call', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute(<ChangePasswordForm />, { path: '/app/profile' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(PASSWORD_MESSAGES.currentPasswordRequired);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Please confirm your password');
    await user.type(screen.getByLabelText('New password'), 'Next-Password-2');
    await user.type(screen.getByLabelText('Confirm new password'), 'Next-Password-3');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('shows a wrong current password under its field', async () => {
    const user = userEvent.setup();
    renderRoute(<ChangePasswordForm />, { path: '/app/profile' });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: PASSWORD_MESSAGES.currentPasswordWrong, details: [{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordWrong }] } }, 400),
    );
    await fill(user, 'Wrong-Password-1', 'Next-Password-2');
    expect(await screen.findByText(PASSWORD_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(PASSWORD_MESSAGES.currentPasswordWrong);
  });

  it('changes the password, keeps this tab signed in with the new session and clears the form', async () => {
    const user = userEvent.setup();
    renderRoute(<ChangePasswordForm />, { path: '/app/profile' });
    const { refreshToken: _inCookie, ...session } = authResponse('access-after-change');
    fetchMock.mockResolvedValueOnce(jsonResponse({ ...session, tokens: { accessToken: 'access-after-change', expiresIn: 900 } }));
    await fill(user, 'Correct-Horse-9', 'Next-Password-2');
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/password$/);
    expect(JSON.parse(String(init!.body))).toEqual({ currentPassword: 'Correct-Horse-9', newPassword: 'Next-Password-2' });
    // The session transport: the new refresh token comes back as the cookie.
    expect((init!.headers as Record<string, string>)['X-Altwise-Session']).toBe('cookie');
    expect(useAuthStore.getState().token).toBe('access-after-change');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
