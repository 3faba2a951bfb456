import { DEFAULT_SETTINGS } from '@altwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import SettingsPage from '../settings-page';
import { WebhookSecretSection } from './webhook-secret-section';

const fetchMock = mockFetch();

describe('Webhook signing secret (Settings)', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    signInAs({ ...sampleUser, plan: 'pro' });
  });

  it('creates the secret, shows it once with a copy button, then offers to rotate it', async () => {
    const secret = `whsec_${'a'.repeat(40)}`;
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ configured: false, createdAt: null, defaultUrl: null }))
      .mockResolvedValueOnce(jsonResponse({ secret, createdAt: '2026-11-23T03:00:00.000Z' }, 201));
    const user = userEvent.setup();
    renderRoute(<WebhookSecretSection />);
    expect(await screen.findByText(/No signing secret yet/)).toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create signing secret' }));
    const title = await screen.findByText('Copy your new signing secret now');
    const notice = title.closest<HTMLElement>('[role="status"]')!;
    expect(notice).not.toBeNull();
    expect(within(notice).getByText(secret)).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Copy signing secret' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/webhooks/secret');
    expect(init?.method).toBe('POST');
    // The status now says it exists, without asking the server again; the next click rotates it.
    expect(screen.getByText(/A signing secret exists/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rotate signing secret' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks before rotating, saying what breaks; Cancel rotates nothing and returns focus', async () => {
    const secret = `whsec_${'b'.repeat(40)}`;
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ configured: true, createdAt: '2026-11-01T10:00:00.000Z', defaultUrl: null }))
      .mockResolvedValueOnce(jsonResponse({ secret, createdAt: '2026-11-23T03:00:00.000Z' }, 201));
    const user = userEvent.setup();
    renderRoute(<WebhookSecretSection />);
    const rotateButton = await screen.findByRole('button', { name: 'Rotate signing secret' });
    await user.click(rotateButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveAccessibleDescription(
      /receivers that verify with the old secret will reject new events until you update them/,
    );
    // The safe choice first.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rotateButton).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(rotateButton);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText(secret)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/webhooks/secret');
    expect(init?.method).toBe('POST');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message when rotating fails, and no secret", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ configured: true, createdAt: '2026-11-01T10:00:00.000Z', defaultUrl: null }))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'internal_error', message: 'Try again later' } }, 503));
    const user = userEvent.setup();
    renderRoute(<WebhookSecretSection />);
    await user.click(await screen.findByRole('button', { name: 'Rotate signing secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate secret' }));
    // In the dialog, which stays open: outside it, a toast would be hidden from assistive technology.
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('Try again later');
    expect(screen.queryByText('Copy your new signing secret now')).not.toBeInTheDocument();
    expect(screen.queryByText(/^whsec_/)).not.toBeInTheDocument();
  });

  it('saves the default webhook URL, checking it first, and clears it when emptied', async () => {
    const hook = 'https://example.com/hooks/altwise';
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ configured: true, createdAt: '2026-11-01T10:00:00.000Z', defaultUrl: null }))
      .mockResolvedValueOnce(jsonResponse({ configured: true, createdAt: '2026-11-01T10:00:00.000Z', defaultUrl: hook }))
      .mockResolvedValueOnce(jsonResponse({ configured: true, createdAt: '2026-11-01T10:00:00.000Z', defaultUrl: null }));
    const user = userEvent.setup();
    renderRoute(<WebhookSecretSection />);
    const field = await screen.findByLabelText('Default webhook URL');
    expect(field).toHaveAccessibleDescription('Jobs created without a webhookUrl send their events here. Leave empty for none.');
    await user.type(field, 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Enter an http:// or https:// URL')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(field);
    await user.type(field, hook);
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Default webhook URL saved')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/webhooks/default');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ url: hook });
    expect(field).toHaveValue(hook);

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Default webhook URL removed')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]?.body))).toEqual({ url: null });
  });

  it('is part of Settings on plans with bulk jobs, and absent on Free', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).includes('/webhooks/secret') ? jsonResponse({ configured: false, createdAt: null, defaultUrl: null }) : jsonResponse({ settings: DEFAULT_SETTINGS })));
    const { unmount } = renderRoute(<SettingsPage />);
    expect(await screen.findByRole('heading', { name: 'Webhook signing secret' })).toBeInTheDocument();
    unmount();
    signInAs(sampleUser);
    renderRoute(<SettingsPage />);
    await screen.findByRole('switch', { name: 'Push notifications' });
    expect(screen.queryByRole('heading', { name: 'Webhook signing secret' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/webhooks/secret'))).toHaveLength(1);
  });
});
