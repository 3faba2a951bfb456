import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { apiKeyFixture } from '@/test/api-key-fixtures';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { buckets, usageResponse } from '@/test/usage-fixtures';
import DashboardPage from './dashboard-page';

vi.mock('react-chartjs-2', async () => (await import('@/test/chart-mock')).chartMock);

const fetchMock = mockFetch();

const key = (status: 'active' | 'revoked', id: string) => apiKeyFixture({ id, apiKey: `ak_live_${id}`, status });

function serve({ usageStatus = 200 } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/api-keys') return jsonResponse({ apiKeys: [key('active', 'a'), key('revoked', 'b'), key('active', 'c')] });
    if (url.startsWith('/api/v1/usage')) {
      if (usageStatus !== 200) return jsonResponse({ error: { code: 'unavailable', message: 'Usage store is down' } }, usageStatus);
      return jsonResponse(
        usageResponse({
          trends: { totalRequestsToday: 42, successRate: 95.24 },
          planDetails: { plan: 'pro' },
          hour: { limit: 2000 },
          day: { used: 42, remaining: 24958, limit: 25000 },
          buckets: buckets('7d', (index) => ({ success: index + 1, avgResponseTime: 500 + index })),
        }),
      );
    }
    return jsonResponse({ error: { code: 'not_found', message: 'nope' } }, 404);
  });
}

const stat = (label: string) => screen.getByText(label).closest('dl')!;

describe('DashboardPage', () => {
  beforeEach(() => {
    signInAs();
    useToastStore.getState().clear();
  });

  it('fills the four stat cards and the three charts from /v1/usage and the key list', async () => {
    serve();
    renderRoute(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

    await waitFor(() => expect(stat('Total Requests')).toHaveTextContent('42'));
    expect(stat('Success Rate')).toHaveTextContent('95.2%');
    await waitFor(() => expect(stat('Active API Keys')).toHaveTextContent('2'));
    expect(stat('Current Plan')).toHaveTextContent('Pro');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/usage?range=7d');

    const weekly = within(screen.getByRole('table', { name: 'Weekly usage' }));
    expect(weekly.getAllByRole('row')).toHaveLength(8);
    expect(screen.getByRole('img', { name: 'Weekly usage, line chart' }).dataset.values).toBe('[[1,2,3,4,5,6,7]]');
    expect(screen.getByRole('img', { name: 'Daily usage, doughnut chart' }).dataset.values).toBe('[[42,24958]]');
    expect(screen.getByRole('img', { name: 'API performance, bar chart' }).dataset.values).toBe(
      '[[500,501,502,503,504,505,506]]',
    );
    expect(screen.getByText('All systems operational')).toBeInTheDocument();

    const hrefs = ['Generate Alt Text', 'Manage API Keys', 'View Usage', 'Manage Subscription'].map((name) =>
      screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/generate', '/api-keys', '/usage', '/subscription']);
  });

  it('a brand-new account: "—" where there is no data yet, and no status claimed without requests', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/v1/api-keys') return jsonResponse({ apiKeys: [] });
      // What the API answers before the first request: 0 today, a success rate of 100 "for none failed".
      return jsonResponse(
        usageResponse({
          trends: { totalRequestsToday: 0, successRate: 100, errorRate: 0, avgResponseTime: 0 },
          hour: { used: 0 },
          day: { used: 0, remaining: 500, limit: 500 },
          buckets: buckets('7d', () => ({ success: 0, error: 0, throttled: 0, avgResponseTime: 0 })),
        }),
      );
    });
    renderRoute(<DashboardPage />, { path: '/app/dashboard' });
    await waitFor(() => expect(stat('Total Requests')).toHaveTextContent('0'));
    expect(stat('Success Rate')).not.toHaveTextContent('100');
    expect(stat('Success Rate')).toHaveTextContent('—Not available');
    expect(stat('Success Rate')).toHaveTextContent('No requests yet today');
    expect(screen.queryByText('All systems operational')).not.toBeInTheDocument();
    expect(screen.getByText('No requests yet')).toBeInTheDocument();
  });

  it('shows skeletons first, then on failure the server message in a toast and a working retry', async () => {
    serve({ usageStatus: 503 });
    const user = userEvent.setup();
    renderRoute(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.getAllByText('Loading chart').length).toBeGreaterThan(0);

    expect(await screen.findByText("We couldn't load your usage")).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Usage store is down');
    // The plan is known from the profile: it is shown even when usage is not.
    expect(stat('Current Plan')).toHaveTextContent('Free');
    expect(stat('Current Plan')).toHaveTextContent('100 requests per hour');

    serve();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stat('Total Requests')).toHaveTextContent('42'));
    expect(screen.getByRole('table', { name: 'Weekly usage' })).toBeInTheDocument();
  });
  it('tells a new account whose address is unverified to follow the link sent to it, and says nothing once verified', async () => {
    serve();
    signInAs({ ...sampleUser, emailVerified: false });
    const { unmount } = renderRoute(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.getByText('Your email address is unverified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeInTheDocument();
    unmount();
    signInAs({ ...sampleUser, emailVerified: true });
    renderRoute(<DashboardPage />, { path: '/app/dashboard' });
    expect(screen.queryByText('Your email address is unverified')).not.toBeInTheDocument();
  });
});
