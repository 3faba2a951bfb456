import type { JobMode } from '@altwise/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { JobModeField } from './job-mode';

const fetchMock = mockFetch();
const NO_BATCH = 'Runs as a standard job: the offline provider has no batch API.';

function Field() {
  const [mode, setMode] = useState<JobMode>('standard');
  return <JobModeField value={mode} onChange={setMode} />;
}

describe('the new job\'s processing mode', () => {
  beforeEach(() => signInAs());

  it('says before starting that economy runs as a standard job where the provider has no batch API', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ economy: { available: false, note: NO_BATCH } }));
    const user = userEvent.setup();
    renderRoute(<Field />);
    const economy = screen.getByRole('radio', { name: /Economy/ });
    await waitFor(() => expect(economy).toHaveAccessibleDescription(NO_BATCH));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/jobs/modes');
    await user.click(economy);
    expect(screen.getByTestId('job-mode-hint')).toHaveTextContent(
      `Economy: about half the cost, results within 24 hours, where the AI provider has a batch API. On this server: ${NO_BATCH}`,
    );
  });

  it('where the batch API is there, says what economy gets here, and marks nothing', async () => {
    const note = 'Sent through the OpenAI batch API: about half the cost, results within 24 hours.';
    fetchMock.mockResolvedValue(jsonResponse({ economy: { available: true, note } }));
    const user = userEvent.setup();
    renderRoute(<Field />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const economy = screen.getByRole('radio', { name: 'Economy' });
    await user.click(economy);
    await waitFor(() => expect(screen.getByTestId('job-mode-hint')).toHaveTextContent(`On this server: ${note}`));
    expect(economy).not.toHaveAccessibleDescription();
  });
});
