import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { IMAGES, MONITOR, PAGES, TREND, run } from './monitor-fixtures';
import MonitorPage from './monitor-page';

const fetchMock = mockFetch();
const urls = () => fetchMock.mock.calls.map(([input]) => String(input));

/** Answers the monitor page's reads; `runs` is what GET …/runs lists (newest first). */
function answer(runs: unknown[], trend: unknown = TREND) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') return jsonResponse(run({ id: 'r3', number: 3, status: 'queued', startedAt: null, finishedAt: null }), 202);
    if (url.includes('/images')) return jsonResponse(url.includes('failing=true') || url.includes('rule=') ? { total: 1, images: [IMAGES.images[1]] } : IMAGES);
    if (url.includes('/pages')) return jsonResponse(url.includes('status=skipped') ? { total: 1, pages: [PAGES.pages[1]] } : PAGES);
    if (url.endsWith('/trend')) return jsonResponse(trend);
    if (url.endsWith('/runs')) return jsonResponse({ runs });
    return jsonResponse(MONITOR);
  });
}

const renderPage = () => renderRoute(<MonitorPage />, { path: '/app/monitors/:id', at: '/app/monitors/m1' });

describe("A monitor's page", () => {
  beforeEach(() => signInAs());

  it('draws the trend with its data table, what changed, and the images and pages with their filters', async () => {
    answer([run(), run({ id: 'r1', number: 1, regressed: 0, failing: 0, coverage: 1, comparedWith: null, changes: [] })]);
    const user = userEvent.setup();
    const { container } = renderPage();

    const chart = await screen.findByRole('img', { name: 'Coverage and failures over time, line chart' });
    expect(chart).toHaveAccessibleDescription('Over 2 completed runs, coverage went from 100% (run 1) to 98.3% (run 2); failing occurrences from 0 to 1.');
    const table = screen.getByRole('table', { name: 'Coverage and failures over time' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Run', 'Finished', 'Coverage', 'Failing occurrences', 'Regressed', 'Pages crawled']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['Run 1', '100%', '0', '0'],
      ['Run 2', '98.3%', '1', '1'],
    ]);

    const changed = screen.getByRole('heading', { name: 'What changed' }).closest('div.rounded-2xl') as HTMLElement;
    const figures = [...changed.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([['Coverage', '98.3%'], ['Failing', '1'], ['New', '0'], ['Fixed', '0'], ['Regressed', '1'], ['Removed', '0']]);
    expect(within(screen.getByTestId('changes-regressed')).getByText(/Was ok \(“A lighthouse at dusk”\), now missing \(no text alternative\)/)).toBeInTheDocument();
    expect(within(changed).getByText('missing-alt')).toBeInTheDocument();

    expect(await screen.findAllByTestId('monitor-image')).toHaveLength(2);
    await user.click(screen.getByLabelText('Failing only'));
    await waitFor(() => expect(screen.getAllByTestId('monitor-image')).toHaveLength(1));
    expect(urls().some((url) => url.includes('/v1/monitors/m1/runs/r2/images?') && url.includes('failing=true'))).toBe(true);
    await user.selectOptions(screen.getByLabelText('Rule'), 'missing-alt');
    await waitFor(() => expect(urls().some((url) => url.includes('rule=missing-alt') && url.includes('failing=true'))).toBe(true));

    expect(await screen.findAllByTestId('monitor-page')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Skipped' }));
    await waitFor(() => expect(screen.getAllByTestId('monitor-page')).toHaveLength(1));
    expect(screen.getByText('not HTML (application/pdf)')).toBeInTheDocument();
    expect(urls().some((url) => url.includes('/pages?') && url.includes('status=skipped'))).toBe(true);

    await expectNoAxeViolations(container);
  });

  it('shows a running run with its progress, polls it, and offers Run now once it ended', async () => {
    answer([run({ id: 'r3', number: 3, status: 'running', pagesCrawled: 12, finishedAt: null, distinctImages: null, failing: null, coverage: null, changes: null }), run()]);
    const { container } = renderPage();
    const progress = await screen.findByRole('progressbar', { name: 'Pages crawled' });
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    expect(progress).toHaveAttribute('aria-valuemax', '50');
    expect(progress).toHaveAttribute('aria-valuetext', '12 of at most 50 pages');
    expect(screen.getByRole('button', { name: 'Run now' })).toBeDisabled();
    // The figures below are the last completed run's while the new one crawls.
    expect(await screen.findByText('Run 2 compared with the run before it, image by image on each page.')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    // The run ends: the next poll says so, the bar goes and Run now comes back.
    const runsReads = () => urls().filter((url) => url.endsWith('/runs')).length;
    const before = runsReads();
    answer([run({ id: 'r3', number: 3 }), run()]);
    await waitFor(() => expect(runsReads()).toBeGreaterThan(before), { timeout: 30_000 });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
    // The trend is read again: the finished run is its new point.
    await waitFor(() => expect(urls().filter((url) => url.endsWith('/trend')).length).toBeGreaterThan(1));
  });

  it('says there is no run yet, and Run now queues one', async () => {
    answer([], { points: [] });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No run yet. Press Run now to crawl the site.')).toBeInTheDocument();
    expect(screen.getByText('No completed run yet: the chart starts with the first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith('/v1/monitors/m1/runs') && init?.method === 'POST')).toBe(true));
    expect(await screen.findByText('Run started')).toBeInTheDocument();
  });
  it('suggests alt text for the failing images of the last run as a bulk job, and links to its review', async () => {
    answer([run()]);
    const job = {
      id: 'job-9', name: 'Images from example.com', status: 'queued', total: 1, mode: 'standard', effectiveMode: 'standard', modeNote: null,
      counts: { total: 1, succeeded: 0, failed: 0, pending: 1, cancelled: 0, skipped: 0 },
      webhookUrl: null, createdAt: '2026-11-27T10:00:00.000Z', startedAt: null, finishedAt: null, etaSeconds: null,
      waitingForQuotaUntil: null, rowErrors: [], distinctImages: 1,
      estimate: { units: 1, deduplicated: true, remaining: { hourly: 99, daily: 999 }, finishesAt: null, basis: 'fits now' },
    };
    const reads = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/v1/monitors/m1/runs/r2/fix') && init?.method === 'POST' ? jsonResponse(job, 202) : reads(input, init),
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(await screen.findByText(/1 failing occurrence: suggestions are drafts until you approve them/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suggest alt text for the failing images' }));
    expect(await screen.findByText(/A bulk job of 1 image holds the suggestions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review the suggestions' })).toHaveAttribute('href', '/app/jobs/job-9');
    await expectNoAxeViolations(container);
  });
});
