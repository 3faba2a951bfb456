import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { DangerZone } from './danger-zone';

const fetchMock = mockFetch();

async function openModal() {
  const user = userEvent.setup();
  const view = renderRoute(<DangerZone />, { path: '/app/settings', extraPaths: ['/', '/login'] });
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  const input = within(dialog).getByLabelText('Type DELETE to confirm');
  const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
  return { user, view, dialog, input, confirm };
}

describe('Delete account modal', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    signInAs();
  });

  it('focuses the confirmation input and enables the confirm button only for exactly DELETE', async () => {
    const { user, input, confirm } = await openModal();
    expect(input).toHaveFocus();
    expect(confirm).toBeDisabled();
    for (const attempt of ['delete', 'DELET', 'DELETE ', ' DELETE', 'Delete']) {
      await user.clear(input);
      await user.type(input, attempt);
      expect(confirm, attempt).toBeDisabled();
    }
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm).toBeEnabled();
    // About 40 simulated keystrokes: slow on a busy shared machine.
  });

  it('answers Enter with anything but DELETE with "Please type DELETE to confirm" and sends nothing', async () => {
    const { user, input } = await openModal();
    await user.type(input, 'delete{Enter}');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please type DELETE to confirm')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('Cancel closes the dialog and clears what was typed', async () => {
    const { user, input } = await openModal();
    await user.type(input, 'DELE');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByLabelText('Type DELETE to confirm')).toHaveValue('');
  });

  it('deletes the account on DELETE, confirms, signs out and returns to /', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { user, view, input, confirm } = await openModal();
    await user.type(input, 'DELETE');
    await user.click(confirm);

    expect(await screen.findByText('Your account and its data were deleted')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user');
    expect(init?.method).toBe('DELETE');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("shows the server's message and keeps the session when deletion fails", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'internal_error', message: 'Database unavailable' } }, 503));
    const { user, input } = await openModal();
    await user.type(input, 'DELETE{Enter}');
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Database unavailable')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});
