import { SESSION_TIMEOUTS, getPlan } from '@altwise/shared';
import type { Settings, SettingsUpdate, SessionTimeout } from '@altwise/shared';
import { Bell, Code2, Palette, Shield, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { SegmentedControl } from '@/components/segmented-control';
import { SelectField } from '@/components/select-field';
import { PageSpinner } from '@/components/spinner';
import { Toggle } from '@/components/toggle';
import { useAuthStore } from '@/lib/auth-store';
import { useUiStore } from '@/lib/ui-store';
import { toast } from '@/lib/toast';
import type { ThemeChoice } from '@/lib/ui-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useState } from 'react';
import { useSettings } from './api/get-settings';
import { useUpdateSettings } from './api/update-settings';
import { AltTextStyleSection } from './components/alt-text-style-section';
import { DangerZone } from './components/danger-zone';
import { TwoFactorDialog } from './components/two-factor-dialog';
import { SettingsSection } from './components/settings-section';
import { WebhookSecretSection } from './components/webhook-secret-section';

type BooleanField<S extends keyof Settings> = {
  [F in keyof Settings[S]]: Settings[S][F] extends boolean ? F : never;
}[keyof Settings[S]];

interface SwitchRow<S extends keyof Settings> {
  field: BooleanField<S>;
  label: string;
  description: string;
}

// Each description says what the switch does in this instance; a switch that is only stored says so.
const NOTIFICATIONS: SwitchRow<'notifications'>[] = [
  {
    field: 'email',
    label: 'Email notifications',
    description:
      'Master switch for rate limit alerts and weekly usage reports. Security mail (password resets, two-factor changes, login alerts) is sent regardless.',
  },
  {
    field: 'push',
    label: 'Push notifications',
    description:
      'Stored only: this instance sends no push notifications. The bell at the top of the page shows your alerts whatever this says.',
  },
  {
    field: 'marketing',
    label: 'Marketing communications',
    description: 'Your consent, stored only: this instance sends no marketing mail.',
  },
];
const PRIVACY: SwitchRow<'privacy'>[] = [
  {
    field: 'analytics',
    label: 'Usage analytics',
    description:
      'Stored only: this instance collects no usage data about you for itself. Your own usage charts are not affected.',
  },
  {
    field: 'crashReports',
    label: 'Crash reports',
    description: 'Stored only: this instance sends no crash reports anywhere.',
  },
];
const SECURITY: SwitchRow<'security'>[] = [
  {
    field: 'twoFactor',
    label: 'Two-factor authentication',
    description:
      'After your password, sign-in asks for a code from an authenticator app (or a recovery code).',
  },
  {
    field: 'loginAlerts',
    label: 'Login alerts',
    description: 'Email me when my account signs in from a browser or address it has not used in 90 days.',
  },
];
const API: SwitchRow<'api'>[] = [
  {
    field: 'rateLimitAlerts',
    label: 'Rate limit alerts',
    description:
      'Email me when my account reaches 80% and 100% of its hourly or daily limit (needs Email notifications).',
  },
  {
    field: 'usageReports',
    label: 'Weekly usage reports',
    description:
      "Email me each Monday with last week's requests, success rate, top errors and remaining limits (needs Email notifications).",
  },
  {
    field: 'webhooks',
    label: 'Webhook notifications',
    description:
      "Send account events (a rate limit reached at 80% or 100%, an API key created or revoked, a job finished) to your default webhook URL, signed with your webhook signing secret. Off, or without a default URL: nothing is sent. Jobs call their own webhook URL whatever this says.",
  },
];

const TIMEOUT_LABELS: Record<SessionTimeout, string> = {
  '1h': '1 hour',
  '8h': '8 hours',
  '24h': '24 hours',
  '7d': '7 days',
};
const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  // Until the user chooses, the app follows the device's light or dark setting.
  { value: 'system', label: 'Device' },
] as const;

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const themeChoice = useUiStore((state) => state.themeChoice);
  const setTheme = useUiStore((state) => state.setTheme);
  const settings = useSettings();
  // Webhooks belong to bulk jobs, which the plans with batch processing have.
  const hasJobs = useAuthStore((state) => getPlan(state.user?.plan).batchAllowed);
  const update = useUpdateSettings();
  const change = (changes: SettingsUpdate) => update.mutate(changes);
  // The two-factor switch opens its dialog; only a confirmed code turns it on or off.
  const [twoFactorDialog, setTwoFactorDialog] = useState<'enable' | 'disable' | null>(null);

  const switches = <S extends keyof Settings>(section: S, rows: SwitchRow<S>[]) =>
    rows.map(({ field, label, description }) => (
      <Toggle
        key={String(field)}
        label={label}
        description={description}
        checked={Boolean(settings.data?.[section][field])}
        onChange={(checked) =>
          section === 'security' && field === 'twoFactor'
            ? setTwoFactorDialog(checked ? 'enable' : 'disable')
            : change({ [section]: { [field]: checked } } as SettingsUpdate)
        }
      />
    ));

  return (
    <>
      <PageHeader
        title="Settings"
        description="Preferences for your account, saved as soon as you change them."
      />
      <div className="space-y-6">
        <SettingsSection title="Appearance" description="How Altwise looks on this device." icon={Palette}>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <p className="text-sm font-medium text-gray-900 dark:text-gray-100">Theme</p>
              <p className="text-sm text-gray-600 dark:text-gray-300">Applies to the whole app. Device follows this device's light or dark setting.</p>
            </div>
            <SegmentedControl<ThemeChoice>
              label="Theme"
              options={THEMES}
              value={themeChoice}
              onChange={(next) => {
                // Applied locally (the theme lives on this device), confirmed like every other setting.
                setTheme(next);
                toast.success('Setting updated successfully!');
              }}
            />
          </div>
        </SettingsSection>

        {settings.isPending ? (
          <PageSpinner label="Loading settings…" />
        ) : settings.isError ? (
          <QueryErrorAlert title="Your settings could not be loaded" query={settings} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <SettingsSection title="Notifications" description="How we keep you informed." icon={Bell}>
              {switches('notifications', NOTIFICATIONS)}
            </SettingsSection>
            <SettingsSection title="Privacy" description="What you share with us." icon={Shield}>
              {switches('privacy', PRIVACY)}
            </SettingsSection>
            <SettingsSection title="Security" description="How your account is protected." icon={ShieldCheck}>
              {switches('security', SECURITY)}
              <SelectField
                label="Session timeout"
                hint="Sign out automatically after this long without activity."
                value={settings.data.security.sessionTimeout}
                options={SESSION_TIMEOUTS.map((value) => ({ value, label: TIMEOUT_LABELS[value] }))}
                onChange={(event) =>
                  change({ security: { sessionTimeout: event.target.value as SessionTimeout } })
                }
              />
            </SettingsSection>
            <SettingsSection
              title="API Preferences"
              description="Alerts and reports about your API use."
              icon={Code2}
            >
              {switches('api', API)}
            </SettingsSection>
            <div className="lg:col-span-2">
              <AltTextStyleSection
                style={settings.data.altText}
                saving={update.isPending && update.variables?.altText !== undefined}
                onChange={change}
              />
            </div>
          </div>
        )}

        {hasJobs && <WebhookSecretSection />}

        <DangerZone />
      </div>
      <TwoFactorDialog
        open={twoFactorDialog !== null}
        mode={twoFactorDialog ?? 'enable'}
        onClose={() => setTwoFactorDialog(null)}
      />
    </>
  );
}
