import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION } from '@altwise/shared';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { authResponse, jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import { RegisterForm } from './register-form';

const fetchMock = mockFetch();

function setup() {
  const user = userEvent.setup();
  const view = renderRoute(<RegisterForm />, { path: '/register', extraPaths: ['/app/dashboard'] });
  return { user, ...view };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
}

const valid = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  Password: 'Analytical-1',
  'Confirm password': 'Analytical-1',
};

describe('RegisterForm', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    act(() => useToastStore.getState().clear());
  });

  it('clears "Passwords do not match" as soon as the confirmation matches', async () => {
    const user = userEvent.setup();
    renderRoute(<RegisterForm />, { path: '/register', extraPaths: ['/app/dashboard'] });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical2');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await user.type(confirm, '{Backspace}1');
    expect(confirm).not.toHaveAttribute('aria-invalid');
  });

  it('re-checks a field on each change once it shows an error, leaving the other fields\' messages alone', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'ada');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    await user.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    const firstName = screen.getByLabelText('First name');
    await user.type(firstName, 'Ada');
    expect(firstName).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows every required-field message of the product under its field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password');
    expect(screen.getByText('You must accept the terms')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the email pattern and password length messages', async () => {
    const { user } = setup();
    await fill(user, { 'Email address': 'ada@', Password: 'Pass1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('toasts "Passwords do not match" and makes no call when the confirmation differs', async () => {
    const { user } = setup();
    await fill(user, { ...valid, 'Confirm password': 'Analytical-2' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('titles the checklist as tips and says what is required beside it', () => {
    setup();
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tips for a strong password' })).toBeInTheDocument();
    // The password field is described by the tips and the one rule that blocks besides the length.
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      expect.stringContaining('Required: 8+ characters, and not one of the most common passwords (such as “password1”).'),
    );
  });

  it('shows the server\'s refusal of a common password under the password field, with no toast', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: { code: 'validation_failed', message: 'Validation failed', details: [{ field: 'password', message: VALIDATION.passwordTooCommon }] } },
        400,
      ),
    );
    const { user, router } = setup();
    await fill(user, { ...valid, Password: 'password', 'Confirm password': 'password' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password', { exact: true });
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(VALIDATION.passwordTooCommon));
    await waitFor(() => expect(password).toHaveFocus());
    // No error toast repeats it (the toast region stays empty).
    expect(screen.queryAllByRole('alert').map((region) => region.textContent)).toEqual(screen.queryAllByRole('alert').map(() => ''));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('ticks the password checklist live without blocking submission', async () => {
    const { user } = setup();
    const list = screen.getByRole('list', { name: 'Tips for a strong password' });
    const state = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-met'));
    expect(state()).toEqual(['false', 'false', 'false', 'false']);
    expect(within(list).getAllByText('Not met:')).toHaveLength(4);

    await user.type(screen.getByLabelText('Password', { exact: true }), 'abc');
    expect(state()).toEqual(['false', 'false', 'true', 'false']);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'DEF12');
    expect(state()).toEqual(['true', 'true', 'true', 'true']);
    expect(within(list).getAllByText('Met:')).toHaveLength(4);
  });

  it('creates the account, toasts success and goes to the dashboard', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(authResponse(), 201));
    const { user, router } = setup();
    await fill(user, { ...valid, 'Company (Optional)': 'Analytical Engines' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/register');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Analytical-1',
      company: 'Analytical Engines',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    // The shell greets a new account with "Welcome", not "Welcome back".
    expect(useAuthStore.getState().newAccount).toBe(true);
  });

  it('has links to the terms, the privacy policy', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
