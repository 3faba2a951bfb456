import { DEFAULT_SETTINGS } from '@altwise/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { useUiStore } from '@/lib/ui-store';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import SettingsPage from './settings-page';

const fetchMock = mockFetch();

describe('Settings page', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    useUiStore.setState({ theme: 'light' });
    signInAs();
  });

  it('shows the server settings and saves one change with PUT, moving the switch at once', async () => {
    let answer!: (response: Response) => void;
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(push).toHaveAccessibleDescription('Alerts in your browser, even when Altwise is closed.');
    expect(screen.getByLabelText('Session timeout')).toHaveValue('24h');

    await user.click(push);
    expect(push).toHaveAttribute('aria-checked', 'true');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ notifications: { push: true } });
    answer(jsonResponse({ settings: { ...DEFAULT_SETTINGS, notifications: { ...DEFAULT_SETTINGS.notifications, push: true } } }));
    expect(await screen.findByText('Setting updated successfully!')).toBeInTheDocument();
    expect(push).toHaveAttribute('aria-checked', 'true');
  });

  it("puts the switch back and shows the server's message when the save fails", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'internal_error', message: 'Try again later' } }, 503));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    await user.click(email);
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveAttribute('aria-checked', 'true'));
  });

  it('switches the whole app to the dark theme', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ settings: DEFAULT_SETTINGS }));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(useUiStore.getState().theme).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  });
});
