import { DEFAULT_SETTINGS } from '@altwise/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { useUiStore } from '@/lib/ui-store';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import SettingsPage from './settings-page';

const fetchMock = mockFetch();
const PUSH =
  'Stored only: this instance sends no push notifications. The bell at the top of the page shows your alerts whatever this says.';

describe('Settings page', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    useUiStore.setState({ theme: 'light', themeChoice: 'light' });
    signInAs();
  });

  it('shows the server settings and saves one change with PUT, moving the switch at once', async () => {
    let answer!: (response: Response) => void;
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(push).toHaveAccessibleDescription(PUSH);
    expect(screen.getByLabelText('Session timeout')).toHaveValue('24h');

    await user.click(push);
    expect(push).toHaveAttribute('aria-checked', 'true');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ notifications: { push: true } });
    answer(
      jsonResponse({
        settings: { ...DEFAULT_SETTINGS, notifications: { ...DEFAULT_SETTINGS.notifications, push: true } },
      }),
    );
    expect(await screen.findByText('Setting updated successfully!')).toBeInTheDocument();
    expect(push).toHaveAttribute('aria-checked', 'true');
  });

  it('says plainly what each switch does in this instance, and which ones do nothing', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }));
    renderRoute(<SettingsPage />);
    const described = async (name: string) => screen.findByRole('switch', { name });
    expect(await described('Email notifications')).toHaveAccessibleDescription(
      'Master switch for rate limit alerts and weekly usage reports. Security mail (password resets, two-factor changes, login alerts) is sent regardless.',
    );
    expect(await described('Push notifications')).toHaveAccessibleDescription(PUSH);
    expect(await described('Marketing communications')).toHaveAccessibleDescription(
      'Your consent, stored only: this instance sends no marketing mail.',
    );
    expect(await described('Usage analytics')).toHaveAccessibleDescription(
      'Stored only: this instance collects no usage data about you for itself. Your own usage charts are not affected.',
    );
    expect(await described('Crash reports')).toHaveAccessibleDescription(
      'Stored only: this instance sends no crash reports anywhere.',
    );
    expect(await described('Rate limit alerts')).toHaveAccessibleDescription(
      'Email me when my account reaches 80% and 100% of its hourly or daily limit (needs Email notifications).',
    );
    expect(await described('Weekly usage reports')).toHaveAccessibleDescription(
      "Email me each Monday with last week's requests, success rate, top errors and remaining limits (needs Email notifications).",
    );
    expect(await described('Webhook notifications')).toHaveAccessibleDescription(
      "Send account events (a rate limit reached at 80% or 100%, an API key created or revoked, a job finished) to your default webhook URL, signed with your webhook signing secret. Off, or without a default URL: nothing is sent. Jobs call their own webhook URL whatever this says.",
    );
  });

  it('the two-factor switch opens the enrolment dialog instead of saving a boolean', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }))
      .mockResolvedValueOnce(
        jsonResponse({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Altwise:ada?secret=JBSWY3DPEHPK3PXP',
        }),
      );
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const twoFactor = await screen.findByRole('switch', { name: 'Two-factor authentication' });
    expect(twoFactor).toHaveAccessibleDescription(
      'After your password, sign-in asks for a code from an authenticator app (or a recovery code).',
    );
    expect(screen.getByRole('switch', { name: 'Login alerts' })).toHaveAccessibleDescription(
      'Email me when my account signs in from a browser or address it has not used in 90 days.',
    );
    await user.click(twoFactor);
    expect(await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/two-factor/setup');
    expect(init?.method).toBe('POST');
    expect(fetchMock.mock.calls.some(([, call]) => call?.method === 'PUT')).toBe(false);
    expect(twoFactor).toHaveAttribute('aria-checked', 'false');
  });

  it("puts the switch back and shows the server's message when the save fails", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }))
      .mockResolvedValueOnce(
        jsonResponse({ error: { code: 'internal_error', message: 'Try again later' } }, 503),
      );
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    await user.click(email);
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveAttribute('aria-checked', 'true'));
  });

  it('saves the alt-text style from labelled fields, and says what is wrong before sending', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ settings: DEFAULT_SETTINGS }));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const maxLength = await screen.findByLabelText('Default maximum length');
    expect(maxLength).toHaveValue(125);
    expect(screen.getByLabelText('Default language')).toHaveValue('en');
    expect(screen.getByRole('switch', { name: 'End with a period' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await user.type(screen.getByLabelText(/^Keywords/), 'a, b, c, d, e, f, g');
    await user.click(screen.getByRole('button', { name: 'Save alt-text style' }));
    expect(await screen.findByText('At most 6 keywords')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Keywords/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const saved = {
      ...DEFAULT_SETTINGS.altText,
      language: 'fr',
      maxLength: 90,
      keywords: ['phare', 'Bretagne'],
      instructions: 'Name the place first.',
    };
    fetchMock.mockResolvedValueOnce(jsonResponse({ settings: { ...DEFAULT_SETTINGS, altText: saved } }));
    await user.selectOptions(screen.getByLabelText('Default language'), 'fr');
    await user.clear(maxLength);
    await user.type(maxLength, '90');
    await user.clear(screen.getByLabelText(/^Keywords/));
    await user.type(screen.getByLabelText(/^Keywords/), 'phare, Bretagne');
    await user.type(screen.getByLabelText(/^Custom instructions/), 'Name the place first.');
    await user.click(screen.getByRole('button', { name: 'Save alt-text style' }));
    expect(await screen.findByText('Setting updated successfully!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/settings');
    expect(JSON.parse(String(init?.body))).toEqual({
      altText: {
        language: 'fr',
        maxLength: 90,
        keywords: ['phare', 'Bretagne'],
        instructions: 'Name the place first.',
      },
    });
  });

  it('switches the whole app to the dark theme and confirms it like every other setting', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ settings: DEFAULT_SETTINGS }));
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(useUiStore.getState().theme).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ kind: 'success', message: 'Setting updated successfully!' }),
    ]);
  });

  it('offers Device, which hands the theme back to the device\'s setting', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ settings: DEFAULT_SETTINGS }));
    useUiStore.setState({ theme: 'dark', themeChoice: 'dark' });
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    await user.click(screen.getByRole('radio', { name: 'Device' }));
    expect(useUiStore.getState().themeChoice).toBe('system');
    expect(screen.getByRole('radio', { name: 'Device' })).toHaveAttribute('aria-checked', 'true');
  });
});
