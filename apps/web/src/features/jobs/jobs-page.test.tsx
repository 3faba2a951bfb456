import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jobFixture } from '@/test/job-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import JobsPage from './jobs-page';

const fetchMock = mockFetch();

describe('the list of jobs', () => {
  beforeEach(() => signInAs());

  it('names each job by its name (its source or the one given), with its size and date beside it', async () => {
    const jobs = [jobFixture({ id: 'job-1', name: 'products.csv' }), jobFixture({ id: 'job-2', name: 'Images from shop.example', total: 1, distinctImages: 1, counts: { total: 1, succeeded: 1, failed: 0, pending: 0, cancelled: 0, skipped: 0 } })];
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/v1/jobs/modes') ? jsonResponse({ economy: { available: false, note: 'Runs as a standard job.' } }) : jsonResponse({ items: jobs, nextCursor: null }),
    );
    const { container } = renderRoute(<JobsPage />);
    const list = (await screen.findByRole('link', { name: 'products.csv' })).closest('ul')!;
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['products.csv', 'Images from shop.example']);
    expect(screen.getByRole('link', { name: 'products.csv' })).toHaveAttribute('href', '/app/jobs/job-1');
    expect(within(list).getByText(/^1 item · 1 distinct image,/)).toBeInTheDocument();
    expect(within(list).getByText(/^2 items · 2 distinct images,/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of products.csv' })).toBeInTheDocument();
    expect(screen.queryByText('Bulk job')).toBeNull();
    await expectNoAxeViolations(container);
  });
});
