import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { CopyButton } from '@/components/copy-button';
import { InlineAlert } from '@/components/inline-alert';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useWebhookSecretStatus } from '../api/get-webhook-secret-status';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSetDefaultWebhookUrl } from '../api/set-default-webhook-url';
import { RotateWebhookSecretModal } from './rotate-webhook-secret-modal';
import { SettingsSection } from './settings-section';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The account's webhook signing secret (bulk-job webhooks are signed with it). The server never
 * shows a secret twice, so the new one lives only in this component's state until the page is
 * left; rotating replaces the old one at once, so it asks first.
 */
export function WebhookSecretSection() {
  const status = useWebhookSecretStatus();
  const rotate = useRotateWebhookSecret();
  const [shown, setShown] = useState<string | null>(null);
  // Rotating (replacing an existing secret) asks first; creating the first one breaks nothing.
  const [confirming, setConfirming] = useState(false);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const setDefault = useSetDefaultWebhookUrl();
  // What is typed; null until edited, so the saved URL shows once loaded.
  const [draft, setDraft] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  const url = draft ?? status.data?.defaultUrl ?? '';

  const onSaveUrl = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (value && !/^https?:\/\/\S+$/i.test(value)) {
      setUrlError('Enter an http:// or https:// URL');
      return;
    }
    setUrlError(undefined);
    setDefault.mutate(value || null, {
      onSuccess: () => {
        setDraft(null);
        toast.success(value ? 'Default webhook URL saved' : 'Default webhook URL removed');
      },
      onError: (error) => setUrlError(errorMessage(error)),
    });
  };

  const onCreate = () =>
    rotate.mutate(undefined, {
      onSuccess: (created) => setShown(created.secret),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const onConfirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (created) => {
        setShown(created.secret);
        setConfirming(false);
      },
      onError: (error) => setRotateError(errorMessage(error)),
    });

  const askToRotate = () => {
    setRotateError(null);
    setConfirming(true);
  };

  return (
    <SettingsSection title="Webhook signing secret" description="Bulk-job webhooks carry an Altwise-Signature made with this secret." icon={KeyRound}>
      {status.isPending ? (
        <Spinner label="Loading the signing secret…" />
      ) : status.isError ? (
        <QueryErrorAlert title="The signing secret could not be loaded" query={status} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {status.data.configured && status.data.createdAt
              ? `A signing secret exists (created ${dateFormat.format(new Date(status.data.createdAt))}).`
              : 'No signing secret yet: create one before giving a job a webhook URL.'}
          </p>
          {shown && (
            <InlineAlert tone="warning" title="Copy your new signing secret now" role="status">
              <p>It is shown only once. The previous secret no longer signs anything.</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-gray-900 dark:bg-gray-950 dark:text-gray-100">{shown}</code>
                <CopyButton text={shown} aria-label="Copy signing secret" successMessage="Signing secret copied" />
              </div>
            </InlineAlert>
          )}
          {status.data.configured ? (
            <Button variant="outline" onClick={askToRotate}>
              Rotate signing secret
            </Button>
          ) : (
            <Button variant="primary" onClick={onCreate} isLoading={rotate.isPending} loadingText="Creating…">
              Create signing secret
            </Button>
          )}
          {status.data.configured && (
            <form onSubmit={onSaveUrl} noValidate className="flex flex-wrap items-end gap-3">
              <TextField
                label="Default webhook URL"
                hint="Jobs created without a webhookUrl send their events here. Leave empty for none."
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/altwise"
                value={url}
                error={urlError}
                onChange={(event) => setDraft(event.target.value)}
                containerClassName="min-w-0 flex-1"
              />
              <Button type="submit" variant="outline" isLoading={setDefault.isPending} loadingText="Saving…">
                Save URL
              </Button>
            </form>
          )}
        </div>
      )}
      <RotateWebhookSecretModal
        open={confirming}
        isRotating={rotate.isPending}
        error={rotateError}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirmRotate}
      />
    </SettingsSection>
  );
}
