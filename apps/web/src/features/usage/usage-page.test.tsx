import type { UsageRange } from '@altwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { buckets, usageResponse } from '@/test/usage-fixtures';
import UsagePage from './usage-page';

vi.mock('react-chartjs-2', async () => (await import('@/test/chart-mock')).chartMock);

const fetchMock = mockFetch();

/** Answers GET /v1/usage for the requested range, with one success per bucket. */
function serveUsage(overrides: Parameters<typeof usageResponse>[0] = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const range = (url.searchParams.get('range') ?? '7d') as UsageRange;
    return jsonResponse(usageResponse({ range, buckets: buckets(range, () => ({ success: 1 })), ...overrides }));
  });
}

const requestedRanges = () =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('range'));

const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').length - 1;

describe('UsagePage', () => {
  beforeEach(() => {
    signInAs();
    useToastStore.getState().clear();
  });

  it('refetches with ?range= when the range changes, and the charts follow', async () => {
    serveUsage();
    const user = userEvent.setup();
    renderRoute(<UsagePage />, { path: '/app/usage' });

    await waitFor(() => expect(bodyRows('Request trends')).toBe(7));
    expect(screen.getByRole('radio', { name: '7d' })).toHaveAttribute('aria-checked', 'true');
    expect(requestedRanges()).toEqual(['7d']);
    expect(screen.getByRole('img', { name: 'Request status, doughnut chart' }).dataset.values).toBe('[[7,0,0]]');

    await user.click(screen.getByRole('radio', { name: '24h' }));
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(bodyRows('Request trends')).toBe(24));
    expect(requestedRanges()).toEqual(['7d', '24h']);
    expect(bodyRows('Response time')).toBe(24);
    expect(screen.getByRole('img', { name: 'Request status, doughnut chart' }).dataset.values).toBe('[[24,0,0]]');
    expect(within(screen.getByRole('table', { name: 'Request trends' })).getAllByRole('columnheader')[0]).toHaveTextContent(
      'Hour',
    );

    await user.click(screen.getByRole('radio', { name: '90d' }));
    await waitFor(() => expect(bodyRows('Request trends')).toBe(90));
    expect(requestedRanges()).toEqual(['7d', '24h', '90d']);
  });

  it('over 90 days, a "Log scale" switch keeps one spike from flattening the other days; the table keeps real counts', async () => {
    // 89 quiet days of 3 to 12 requests, and one day of 5,000.
    const daily = (index: number) => (index === 45 ? 5000 : 3 + (index % 10));
    fetchMock.mockImplementation(async (input) => {
      const range = (new URL(String(input), 'http://localhost').searchParams.get('range') ?? '7d') as UsageRange;
      return jsonResponse(usageResponse({ range, buckets: buckets(range, (index) => ({ success: daily(index) })) }));
    });
    const user = userEvent.setup();
    const { container } = renderRoute(<UsagePage />, { path: '/app/usage' });
    await waitFor(() => expect(bodyRows('Request trends')).toBe(7));
    await user.click(screen.getByRole('radio', { name: '90d' }));
    await waitFor(() => expect(bodyRows('Request trends')).toBe(90));

    const toggle = screen.getByRole('switch', { name: 'Log scale' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    const linear = screen.getByRole('img', { name: 'Request trends, line chart' });
    const plotted = () => JSON.parse(screen.getByRole('img', { name: /^Request trends, line chart/ }).dataset.values!)[0] as number[];
    expect(linear.dataset.values).toBeDefined();
    expect(plotted()[45]).toBe(5000);
    expect(plotted()[0]).toBe(3);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    const log = screen.getByRole('img', { name: 'Request trends, line chart, logarithmic scale' });
    expect(log).toBeInTheDocument();
    expect(screen.getByText('Requests per day by outcome, the last 90 days (logarithmic scale)')).toBeInTheDocument();
    // log10(1 + n): the spike is 3.7 units high, a quiet day of 3 is 0.6, instead of 1/1,667 of the height.
    expect(plotted()[45]).toBeCloseTo(Math.log10(5001), 6);
    expect(plotted()[0]).toBeCloseTo(Math.log10(4), 6);
    expect(plotted()[45]! / plotted()[0]!).toBeLessThan(7);
    // The text alternative keeps the real numbers, and names the busiest day.
    const table = screen.getByRole('table', { name: 'Request trends' });
    expect(within(table).getByRole('cell', { name: '5,000' })).toBeInTheDocument();
    expect(screen.getByText(/the busiest day was .* with 5,000 requests/)).toBeInTheDocument();

    await expectNoAxeViolations(container);
    // Space flips it back: a keyboard user gets the linear axis again.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('img', { name: 'Request trends, line chart' })).toBeInTheDocument();
  });

  it('shows the four figures, the plan usage bars with reset times and the upgrade banner', async () => {
    serveUsage({
      hour: { used: 85, remaining: 15, limit: 100 },
      trends: { totalRequestsToday: 123, avgResponseTime: 845.4, successRate: 97.5, errorRate: 2.5 },
    });
    renderRoute(<UsagePage />, { path: '/app/usage' });
    expect(await screen.findByText('123')).toBeInTheDocument();
    expect(screen.getByText('845ms')).toBeInTheDocument();
    expect(screen.getByText('97.5%')).toBeInTheDocument();
    expect(screen.getByText('2.5%')).toBeInTheDocument();

    const hourly = screen.getByRole('progressbar', { name: 'Hourly usage' });
    expect(hourly).toHaveAttribute('aria-valuenow', '85');
    expect(hourly).toHaveAttribute('aria-valuetext', '85 / 100 requests');
    const resetAt = new Date('2025-11-20T13:00:00.000Z').toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(screen.getByText(`Resets at ${resetAt}`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Resets at midnight')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
  });

  it('shows the tokens series: input and output per day, a data table, a summary and where the figures come from', async () => {
    // Two days with model calls (one with cached input), five without (cache hits, drafts).
    serveUsage({
      buckets: buckets('7d', (index) =>
        index === 2
          ? { success: 3, inputTokens: 300, outputTokens: 60 }
          : index === 6
            ? { success: 12, inputTokens: 1_200, outputTokens: 240, cachedInputTokens: 100 }
            : { success: 1 },
      ),
    });
    const { container } = renderRoute(<UsagePage />, { path: '/app/usage' });
    await waitFor(() => expect(bodyRows('Tokens')).toBe(7));

    const chart = screen.getByRole('img', { name: 'Tokens, bar chart' });
    expect(JSON.parse(chart.dataset.values!)).toEqual([
      [0, 0, 300, 0, 0, 0, 1200],
      [0, 0, 60, 0, 0, 0, 240],
    ]);
    const table = screen.getByRole('table', { name: 'Tokens' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Day', 'Input tokens', 'Output tokens']);
    const last = within(table).getAllByRole('row').at(-1)!;
    expect(within(last).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1,200', '240']);

    expect(screen.getByText('Input and output tokens per day, the last 7 days')).toBeInTheDocument();
    expect(
      screen.getByText(/^In the last 7 days: 1,500 input \(100 of them cached\) and 300 output tokens; the most was .+ with 1,440 tokens\.$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Tokens are as the vision provider reported them. Answers from the cache and the offline describer (drafts) report none.'),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says no tokens were reported when no model was called in the range', async () => {
    serveUsage();
    renderRoute(<UsagePage />, { path: '/app/usage' });
    await waitFor(() => expect(bodyRows('Tokens')).toBe(7));
    expect(screen.getByText('No tokens reported in the last 7 days.')).toBeInTheDocument();
    expect(JSON.parse(screen.getByRole('img', { name: 'Tokens, bar chart' }).dataset.values!)).toEqual([
      [0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('hides the upgrade banner on the top plan', async () => {
    serveUsage({ planDetails: { plan: 'enterprise', upgradeAvailable: false, nextPlan: null } });
    renderRoute(<UsagePage />, { path: '/app/usage' });
    expect(await screen.findByRole('progressbar', { name: 'Hourly usage' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('toasts the server message and offers a retry when usage cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'unavailable', message: 'Usage store is down' } }, 503));
    const user = userEvent.setup();
    renderRoute(<UsagePage />, { path: '/app/usage' });
    expect(await screen.findByText("We couldn't load your usage")).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Usage store is down');

    serveUsage();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows('Request trends')).toBe(7));
  });
});
