import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jobFixture } from '@/test/job-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { useJob } from '../api/get-job';
import { JobName } from './job-name';

const fetchMock = mockFetch();

/** The job page's use: the name read from the job's query, which a rename refreshes. */
function Named() {
  const job = useJob('job-1');
  return job.data ? <JobName job={job.data} /> : null;
}

describe("a job's name", () => {
  beforeEach(() => signInAs());

  it('shows the name, renames it with PATCH (trimmed), and puts focus back on Rename job', async () => {
    let name = 'products.csv';
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') name = (JSON.parse(String(init.body)) as { name: string }).name;
      return jsonResponse(jobFixture({ name }));
    });
    const user = userEvent.setup();
    const { container } = renderRoute(<Named />);
    await waitFor(() => expect(screen.getByTestId('job-name')).toHaveTextContent('products.csv'));
    const rename = screen.getByRole('button', { name: 'Rename job' });
    await user.click(rename);
    const field = screen.getByRole('textbox', { name: 'Job name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('products.csv');
    await expectNoAxeViolations(container);
    await user.clear(field);
    await user.type(field, '  Spring catalogue {Enter}');
    await waitFor(() => expect(screen.getByTestId('job-name')).toHaveTextContent('Spring catalogue'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toBe('/api/v1/jobs/job-1');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ name: 'Spring catalogue' });
    await screen.findByText('Job renamed to Spring catalogue');
    expect(screen.getByRole('button', { name: 'Rename job' })).toHaveFocus();
  });

  it('refuses an empty name with the schema\'s message and sends nothing; Escape cancels', async () => {
    fetchMock.mockResolvedValue(jsonResponse(jobFixture()));
    const user = userEvent.setup();
    renderRoute(<Named />);
    await user.click(await screen.findByRole('button', { name: 'Rename job' }));
    const field = screen.getByRole('textbox', { name: 'Job name' });
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(field).toHaveAccessibleDescription('Enter a name for the job');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Job name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename job' })).toHaveFocus();
    expect(screen.getByTestId('job-name')).toHaveTextContent('products.csv');
  });
});
