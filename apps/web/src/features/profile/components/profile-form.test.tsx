import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
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
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'Augusta@Example.com');
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
      email: 'augusta@example.com',
      company: null,
    });

    answer(
      jsonResponse({ user: { ...sampleUser, firstName: 'Augusta', email: 'augusta@example.com', company: null } }),
    );
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(field('First Name')).toHaveAttribute('readonly'));
    expect(field('First Name')).toHaveValue('Augusta');
    expect(useAuthStore.getState().user).toMatchObject({ firstName: 'Augusta', email: 'augusta@example.com', company: null });
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
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(useAuthStore.getState().user?.email).toBe('ada@example.com');
  });
});
