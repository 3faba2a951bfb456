import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { ProfileForm } from './profile-form';

const fetchMock = mockFetch();

function ConnectedForm() {
  const user = useAuthStore((state) => state.user);
  return <ProfileForm user={user} />;
}

function renderForm() {
  return renderRoute(<ConnectedForm />, { path: '/app/profile' });
}

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;

describe('Profile form', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    signInAs({ ...sampleUser, company: 'Analytical Engines' });
  });

  it('is read-only until Edit Profile, which focuses the first field', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(field('First Name')).toHaveAttribute('readonly');
    expect(field('First Name')).toHaveValue('Ada');
    expect(field('Company')).toHaveAttribute('placeholder', 'Your company name');
    expect(screen.getByLabelText('Company (Optional)')).toHaveValue('Analytical Engines');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field('First Name')).not.toHaveAttribute('readonly');
    expect(field('First Name')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('Cancel puts the stored values back, leaves edit mode and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(field('First Name')).toHaveValue('Ada');
    expect(field('First Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the shared validation messages under the fields and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First Name'));
    await user.clear(field('Last Name'));
    await user.clear(field('Email Address'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(field('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First Name')).toHaveAccessibleDescription('First name is required');
    await waitFor(() => expect(field('First Name')).toHaveFocus());

    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads "Updating..." while saving, then merges the sent fields into the stored user', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First Name'));
    await user.type(field('First Name'), '  Augusta ');
    // The same address in other letter case is no change: no password asked.
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'Ada@Example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(field('Company'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const saving = await screen.findByRole('button', { name: 'Updating...' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: null,
    });

    answer(jsonResponse({ user: { ...sampleUser, firstName: 'Augusta', company: null } }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(field('First Name')).toHaveAttribute('readonly'));
    expect(field('First Name')).toHaveValue('Augusta');
    expect(useAuthStore.getState().user).toMatchObject({ firstName: 'Augusta', email: 'ada@example.com', company: null });
  });

  it('a new email asks for the current password, then a two-factor code when the server wants one, and says a link was sent', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'augusta@example.com');
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password).toHaveAttribute('type', 'password');

    // Without it, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: 'Invalid request', details: [{ field: 'code', message: 'Enter the code from your authenticator app' }] } }, 400),
    );
    await user.type(password, 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const code = (await screen.findByLabelText('Two-factor code')) as HTMLInputElement;
    expect(code).toHaveAccessibleDescription('Enter the code from your authenticator app');
    await expectNoAxeViolations(container);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ email: 'augusta@example.com', currentPassword: 'Correct-Horse-9' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty('code');

    fetchMock.mockResolvedValueOnce(jsonResponse({ user: sampleUser, pendingEmail: 'augusta@example.com' }));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('We sent a confirmation link to the new address. Your email changes when you follow it.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ email: 'augusta@example.com', currentPassword: 'Correct-Horse-9', code: '123456' });
    // Until the link is followed, the account keeps its address, and the card says where the link went.
    await waitFor(() => expect(field('Email Address')).toHaveAttribute('readonly'));
    expect(field('Email Address')).toHaveValue('ada@example.com');
    expect(useAuthStore.getState().user?.email).toBe('ada@example.com');
    expect(screen.getByText('augusta@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it("shows the server's message and stays in edit mode when the save fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'conflict', message: 'An account with this email already exists' } }, 409),
    );
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'taken@example.com');
    await user.type(screen.getByLabelText('Current password'), 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(useAuthStore.getState().user?.email).toBe('ada@example.com');
  });
});
