import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch } from '@/test/session';
import LandingPage from './landing-page';

const fetchMock = mockFetch();

/** GET /v1/demo answers `visionModel`; the page makes no other call. */
function serverSays(visionModel: boolean) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (!key.endsWith('/v1/demo') || (init?.method ?? 'GET') !== 'GET') throw new Error(`Unexpected call: ${key}`);
    return jsonResponse({ visionModel });
  });
}

describe('landing page: what describes images here', () => {
  it('says plainly when the instance runs without a vision model', async () => {
    serverSays(false);
    renderRoute(<LandingPage />);
    expect(await screen.findByText('This instance runs without a vision model: its results are drafts')).toBeInTheDocument();
    expect(screen.getByTestId('no-vision-model')).toBeInTheDocument();
    expect(screen.queryByText('Powered by a vision-capable AI model')).not.toBeInTheDocument();
  });

  it('claims a vision model only when the server says one runs', async () => {
    serverSays(true);
    renderRoute(<LandingPage />);
    expect(await screen.findByText('Powered by a vision-capable AI model')).toBeInTheDocument();
    expect(screen.queryByTestId('no-vision-model')).not.toBeInTheDocument();
  });
});
