import type { ApiKey } from '@altwise/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNotificationReadStore } from '@/features/notifications/read-store';
import { apiKeyFixture } from '@/test/api-key-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { usageResponse } from '@/test/usage-fixtures';
import { NotificationBell } from './notification-bell';

const fetchMock = mockFetch();

function serve(hourUsed: number, keys: Array<Pick<ApiKey, 'status'>> = [{ status: 'active' }]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/api-keys') {
      return jsonResponse({
        apiKeys: keys.map((item, index) => apiKeyFixture({ id: `k${index}`, apiKey: `ak_live_${index}`, status: item.status })),
      });
    }
    return jsonResponse(usageResponse({ hour: { used: hourUsed, remaining: 100 - hourUsed, limit: 100 } }));
  });
}

describe('NotificationBell', () => {
  beforeEach(() => {
    signInAs();
    useNotificationReadStore.setState({ readIds: [] });
  });

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
