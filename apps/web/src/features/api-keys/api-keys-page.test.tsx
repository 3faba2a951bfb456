import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { apiKeyFixture } from '@/test/api-key-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import ApiKeysPage from './api-keys-page';

const fetchMock = mockFetch();

const KEY = apiKeyFixture({
  apiKey: 'ak_live_0123456789abcdefWXYZ',
  remainingRequests: { hour: 58, day: 400 },
  usage: { hour: 42, day: 100 },
});

const call = (index: number) => {
  const [input, init] = fetchMock.mock.calls[index]!;
  return `${init?.method ?? 'GET'} ${String(input)}`;
};

describe('API Keys page', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    signInAs();
  });

  it('masks the key, toggles it with a pressed button, and shows usage against the limits', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ apiKeys: [KEY] }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    const card = await screen.findByTestId('api-key');
    const value = within(card).getByTestId('api-key-value');
    expect(value).toHaveTextContent('ak_live_0123••••••••WXYZ');

    await user.click(within(card).getByRole('button', { name: 'Show API key' }));
    expect(value).toHaveTextContent(KEY.apiKey);
    expect(within(card).getByRole('button', { name: 'Hide API key' })).toHaveAttribute('aria-pressed', 'true');

    const hourly = within(card).getByRole('progressbar', { name: 'Hourly usage' });
    expect(hourly).toHaveAttribute('aria-valuenow', '42');
    expect(hourly).toHaveAttribute('aria-valuemax', '100');
    expect(within(card).getByText('58 requests remaining this hour')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('aria-valuemax', '500');
  });

  it('builds the curl examples from this origin and the real key, never a sample key', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ apiKeys: [KEY] }));
    renderRoute(<ApiKeysPage />);
    const single = (await screen.findByText('Single image')).closest('figure')!;
    expect(single.querySelector('pre')).toHaveTextContent(`curl -X POST ${window.location.origin}/api/v1/images`);
    expect(single.querySelector('pre')).toHaveTextContent('X-API-Key: ak_live_0123••••••••WXYZ');
  });

  it('shows an empty state with Create when there is no key, and creates one', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [] }))
      .mockResolvedValueOnce(jsonResponse(KEY, 201))
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(document.querySelector('pre')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create New Key' }));
    expect(await screen.findByText('New API key created successfully!')).toBeInTheDocument();
    expect(call(1)).toBe('POST /api/v1/api-keys');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ userId: 'u_1', plan: 'free' });
    expect(await screen.findByTestId('api-key')).toBeInTheDocument();
  });

  it('asks before deleting, then revokes the key and refetches the list', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ success: true }))
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [] }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete API key ending in WXYZ' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete API key?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    expect(call(1)).toBe('DELETE /api/v1/api-keys/key_1');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your API keys' })).toHaveFocus());
  });

  it('reports the result of Test Key and the server message of a refused create', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ valid: false }))
      .mockResolvedValueOnce(
        jsonResponse({ error: { code: 'conflict', message: 'An account can have at most 10 active API keys.' } }, 409),
      );
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: /^Test Key/ }));
    expect(await screen.findByText('API key is invalid or inactive')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ apiKey: KEY.apiKey });
    await user.click(screen.getByRole('button', { name: 'Create New Key' }));
    expect(await screen.findByText('An account can have at most 10 active API keys.')).toBeInTheDocument();
  });
});
