import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationReadStore } from '@/features/notifications/read-store';
import { useAuthStore } from '@/lib/auth-store';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { usageResponse } from '@/test/usage-fixtures';
import { NotificationBell } from './notification-bell';

const fetchMock = vi.fn<typeof fetch>();

function serve(hourUsed: number, keys: Array<{ status: string }> = [{ status: 'active' }]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/api-keys') {
      return jsonResponse({
        apiKeys: keys.map((item, index) => ({
          id: `k${index}`,
          apiKey: `ak_live_${index}`,
          userId: 'u_1',
          plan: 'free',
          limits: { requestsPerHour: 100, requestsPerDay: 500 },
          remainingRequests: { hour: 0, day: 0 },
          usage: { hour: 0, day: 0 },
          createdAt: '2025-11-01T00:00:00.000Z',
          lastUsedAt: null,
          status: item.status,
        })),
      });
    }
    return jsonResponse(usageResponse({ hour: { used: hourUsed, remaining: 100 - hourUsed, limit: 100 } }));
  });
}

describe('NotificationBell', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.setState({ token: 't', refreshToken: 'r', user: sampleUser, isAuthenticated: true, isLoading: false });
    useNotificationReadStore.setState({ readIds: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays quiet below 80% and says "No new notifications"', async () => {
    serve(50);
    const user = userEvent.setup();
    renderRoute(<NotificationBell />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
    await user.click(bell);
    expect(screen.getByText('No new notifications')).toBeInTheDocument();
  });

  it('shows the red dot and the count in its name past 80%, lists it, and marks it read on opening', async () => {
    serve(85);
    const user = userEvent.setup();
    renderRoute(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-dot')).toBeInTheDocument();

    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const link = screen.getByRole('link', { name: /You have used 85% of your hourly limit/ });
    expect(link).toHaveAttribute('href', '/app/usage');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(bell).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('hints at creating a key when the account has no active one', async () => {
    serve(0, []);
    const user = userEvent.setup();
    renderRoute(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('link', { name: /No active API key/ })).toHaveAttribute('href', '/app/api-keys');
  });
});
