import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { MONITOR, run } from './monitor-fixtures';
import MonitorsPage from './monitors-page';

const fetchMock = mockFetch();
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const SECOND = { ...MONITOR, id: 'm2', url: 'https://example.org/', schedule: 'manual', nextRunAt: null };

function answer(monitors: unknown[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && url.endsWith('/runs')) return jsonResponse(run({ status: 'queued' }), 202);
    if (init?.method === 'POST') return jsonResponse({ ...MONITOR, id: 'm9' }, 201);
    if (init?.method === 'DELETE') {
      answer(monitors.filter((monitor) => !url.endsWith(`/${(monitor as { id: string }).id}`)));
      return jsonResponse({ success: true });
    }
    return jsonResponse({ monitors });
  });
}

const renderPage = () => renderRoute(<MonitorsPage />, { path: '/app/monitors', extraPaths: ['/app/monitors/:id'] });

describe('Site monitors', () => {
  beforeEach(() => signInAs());

  it('checks the form with the shared schema, then creates the monitor and opens it', async () => {
    answer([]);
    const user = userEvent.setup();
    const { container, router } = renderPage();
    expect(await screen.findByText(/No monitors yet/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByLabelText('Site URL')).toHaveAccessibleDescription(/Site URL is required/);
    await waitFor(() => expect(screen.getByLabelText('Site URL')).toHaveFocus());
    await user.type(screen.getByLabelText('Site URL'), 'https://example.com/');
    await user.selectOptions(screen.getByLabelText('Schedule'), 'cron');
    await user.clear(screen.getByLabelText('Pages per run'));
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByLabelText('Cron expression')).toHaveAccessibleDescription(/Enter a cron expression/);
    expect(screen.getByLabelText('Pages per run')).toHaveAccessibleDescription(/Pages per run must be a whole number from 1/);
    expect(calls('POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Cron expression'), '0 6 * * 1');
    await user.type(screen.getByLabelText('Pages per run'), '20');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/monitors/m9'));
    const [input, init] = calls('POST')[0]!;
    expect(String(input)).toMatch(/\/v1\/monitors$/);
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://example.com/', schedule: '0 6 * * 1', maxPages: 20 });
  });

  it('lists the monitors, runs one now, and deletes one after asking, focus moving to the next', async () => {
    answer([MONITOR, SECOND]);
    const user = userEvent.setup();
    const { router } = renderPage();
    const rows = await screen.findAllByTestId('monitor-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Weekly · up to 50 pages · next run');
    expect(rows[1]).toHaveTextContent('Manual runs only · up to 50 pages');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Delete the monitor of https://example.com/' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this monitor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete monitor' }));
    await waitFor(() => expect(screen.getAllByTestId('monitor-row')).toHaveLength(1));
    expect(String(calls('DELETE')[0]![0])).toMatch(/\/v1\/monitors\/m1$/);
    await waitFor(() => expect(screen.getByRole('link', { name: 'https://example.org/' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Run now: https://example.org/' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/monitors/m2'));
    expect(String(calls('POST')[0]![0])).toMatch(/\/v1\/monitors\/m2\/runs$/);
  });
});
