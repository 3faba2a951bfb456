import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { apiKeyFixture, FULL_KEY } from '@/test/api-key-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import ApiKeysPage from './api-keys-page';

const fetchMock = mockFetch();

const FULL = `${FULL_KEY.slice(0, -4)}WXYZ`;
const KEY = apiKeyFixture({
  name: 'Production',
  apiKey: 'ak_live_…WXYZ',
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

  it('shows the masked key, reveals it through the reveal call once, and labels key usage apart from the account', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ apiKey: FULL }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    const card = await screen.findByTestId('api-key');
    const value = within(card).getByTestId('api-key-value');
    expect(value).toHaveTextContent('ak_live_••••••••WXYZ');

    await user.click(within(card).getByRole('button', { name: 'Show API key Production' }));
    await waitFor(() => expect(value).toHaveTextContent(FULL));
    expect(call(1)).toBe('POST /api/v1/api-keys/key_1/reveal');
    expect(within(card).getByRole('button', { name: 'Hide API key Production' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(card).getByRole('button', { name: 'Hide API key Production' }));
    expect(value).toHaveTextContent('ak_live_••••••••WXYZ');
    // Shown again from memory: no second reveal.
    await user.click(within(card).getByRole('button', { name: 'Show API key Production' }));
    await waitFor(() => expect(value).toHaveTextContent(FULL));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const hourly = within(card).getByRole('progressbar', { name: 'Hourly usage' });
    expect(hourly).toHaveAttribute('aria-valuenow', '42');
    expect(hourly).toHaveAttribute('aria-valuemax', '100');
    expect(hourly).toHaveAttribute('aria-valuetext', 'This key: 42 / 100');
    expect(within(card).getByText('Account: 58 requests remaining this hour (shared by all keys)')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('aria-valuemax', '500');
  });

  it('builds the curl examples from this origin and the real key, never a sample key', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ apiKeys: [KEY] }));
    renderRoute(<ApiKeysPage />);
    const single = (await screen.findByText('Single image')).closest('figure')!;
    expect(single.querySelector('pre')).toHaveTextContent(`curl -X POST ${window.location.origin}/api/v1/images`);
    expect(single.querySelector('pre')).toHaveTextContent('X-API-Key: ak_live_••••••••WXYZ');
    // Never broken inside a word: whole lines, scrolled in a box the keyboard can reach.
    const box = screen.getByRole('region', { name: 'Single image command' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveClass('whitespace-pre', 'overflow-x-auto');
    expect(box).not.toHaveClass('break-all');
  });

  it('shows an empty state with Create when there is no key, asks for a name, creates the key and moves focus to it', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [] }))
      .mockResolvedValueOnce(jsonResponse({ ...KEY, apiKey: FULL, masked: false }, 201))
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(document.querySelector('pre')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create New Key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    const name = within(dialog).getByRole('textbox', { name: 'Key name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(/tell your keys apart/);

    // A name is asked for: an empty one is refused on the field, without a call.
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Enter a name for the key/);
    expect(name).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(name, '  Production {Enter}');
    expect(await screen.findByText('New API key created successfully!')).toBeInTheDocument();
    expect(call(1)).toBe('POST /api/v1/api-keys');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ userId: 'u_1', plan: 'free', name: 'Production' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus lands on the new key (not on <body>), which reads out its name.
    const card = await screen.findByTestId('api-key');
    await waitFor(() => expect(within(card).getByRole('heading', { level: 3, name: 'Production' })).toHaveFocus());
  });

  it('names every control of a card after its key', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ apiKeys: [KEY] }));
    renderRoute(<ApiKeysPage />);
    const card = await screen.findByTestId('api-key');
    expect(card).toHaveAccessibleName('Production');
    expect(within(card).getByText('ak_live_••••••••WXYZ')).toBeInTheDocument();
    for (const name of ['Show API key Production', 'Copy API key Production', 'Test Key Production', 'Delete API key Production']) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('keeps the dialog open with the server message when a create is refused, and Cancel returns focus', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'conflict', message: 'An account can have at most 10 active API keys.' } }, 409));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await screen.findByTestId('api-key');
    const opener = screen.getByRole('button', { name: 'Create New Key' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key name' }), 'Staging');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    // Inside the dialog: a toast outside it would be hidden from assistive technology while it is open.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account can have at most 10 active API keys.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('asks before deleting, then revokes the key and refetches the list', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ success: true }))
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [] }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete API key Production' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete API key?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog).toHaveAccessibleDescription(/The key "Production" \(ending in WXYZ\) stops working at once/);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    expect(call(1)).toBe('DELETE /api/v1/api-keys/key_1');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your API keys' })).toHaveFocus());
  });

  it('reports the result of Test Key', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ apiKey: FULL }))
      .mockResolvedValueOnce(jsonResponse({ valid: false }));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: /^Test Key/ }));
    expect(await screen.findByText('API key is invalid or inactive')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]?.body))).toEqual({ apiKey: FULL });
  });

  it('lists the newest key first, so a key just created appears at the top', async () => {
    const older = apiKeyFixture({ id: 'old', name: 'Old', apiKey: 'ak_live_…AAAA', createdAt: '2025-01-01T00:00:00.000Z' });
    const newer = apiKeyFixture({ id: 'new', name: 'New', apiKey: 'ak_live_…BBBB', createdAt: '2025-02-01T00:00:00.000Z' });
    fetchMock.mockResolvedValue(jsonResponse({ apiKeys: [older, newer] }));
    renderRoute(<ApiKeysPage />);
    await screen.findAllByTestId('api-key');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['New', 'Old']);
  });

  it('copies the full key from the reveal call, never the masked text', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ apiKey: FULL }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderRoute(<ApiKeysPage />);
    const card = await screen.findByTestId('api-key');
    await user.click(within(card).getByRole('button', { name: 'Copy API key Production' }));
    expect(await screen.findByText('API key copied to clipboard!')).toBeInTheDocument();
    expect(call(1)).toBe('POST /api/v1/api-keys/key_1/reveal');
    expect(writeText).toHaveBeenCalledWith(FULL);
  });

  it('answers Test Key for a key revoked elsewhere (it can no longer be revealed) with "API key is invalid or inactive"', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ apiKeys: [KEY] }))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'not_found', message: 'API key not found' } }, 404));
    const user = userEvent.setup();
    renderRoute(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: /^Test Key/ }));
    expect(await screen.findByText('API key is invalid or inactive')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
