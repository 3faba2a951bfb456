import { TWO_FACTOR_MESSAGES } from '@altwise/shared';
import type { TwoFactorSetup } from '@altwise/shared';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { CopyButton } from '@/components/copy-button';
import { InlineAlert } from '@/components/inline-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { OneTimeCodeField } from '@/components/one-time-code-field';

export interface TwoFactorDialogProps {
  open: boolean;
  /** What the dialog does: turn two-factor sign-in on (enrolment) or off. */
  mode: 'enable' | 'disable';
  onClose(): void;
}

/** "ABCD EFGH …": the key as people type it into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code, drawn here from the otpauth URI: the key never leaves for a QR service. */
function useQrSvg(uri: string | undefined): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (uri) void QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [uri]);
  return svg;
}

/**
 * Settings → "Two-factor authentication". Turning it on shows a QR code and the key for an
 * authenticator app, is confirmed by one code, and then shows the 10 recovery codes once.
 * Turning it off asks for a code (or a recovery code).
 */
export function TwoFactorDialog({ open, mode, onClose }: TwoFactorDialogProps) {
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const codeRef = useRef<HTMLInputElement>(null);
  const qr = useQrSvg(enrolment?.otpauthUrl);
  const busy = enable.isPending || disable.isPending;

  // A fresh key each time the enrolment opens.
  const startSetup = setup.mutateAsync;
  useEffect(() => {
    if (!open || mode !== 'enable') return;
    startSetup().then(setEnrolment, () => undefined);
  }, [open, mode, startSetup]);

  const close = () => {
    if (busy) return;
    setEnrolment(null);
    setRecoveryCodes(null);
    setCode('');
    setError(undefined);
    setup.reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      codeRef.current?.focus();
      return;
    }
    try {
      if (mode === 'enable') {
        setRecoveryCodes(await enable.mutateAsync(code.trim()));
        toast.success('Two-factor sign-in is on');
      } else {
        await disable.mutateAsync(code.trim());
        toast.success('Two-factor sign-in is off');
        close();
      }
    } catch (caught) {
      setError(errorMessage(caught));
      codeRef.current?.focus();
    }
  };

  const codeField = (
    <OneTimeCodeField
      ref={codeRef}
      label={mode === 'enable' ? '6-digit code from the app' : 'Code from your authenticator app, or a recovery code'}
      value={code}
      onChange={(event) => {
        setCode(event.target.value);
        setError(undefined);
      }}
      error={error}
    />
  );

  if (mode === 'disable') {
    return (
      <Modal open={open} onClose={close} title="Turn off two-factor sign-in?" description="Signing in will ask for your password only. Confirm with a code." initialFocusRef={codeRef}>
        <form noValidate onSubmit={onSubmit} aria-label="Turn off two-factor sign-in" className="space-y-5">
          {codeField}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" isLoading={busy} loadingText="Turning off...">
              Turn off
            </Button>
          </div>
        </form>
      </Modal>
    );
  }

  if (recoveryCodes) {
    return (
      <Modal open={open} onClose={close} title="Save your recovery codes" description="Each code signs you in once if you lose your device. They are shown only now.">
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <CopyButton text={recoveryCodes.join('\n')}>Copy codes</CopyButton>
          <Button variant="primary" onClick={close}>
            I saved them
          </Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={close}
      size="lg"
      title="Turn on two-factor sign-in"
      description="Scan the QR code with an authenticator app (or type the key), then enter the code it shows."
      initialFocusRef={codeRef}
    >
      {setup.isError ? (
        <InlineAlert tone="error" title="The set-up could not start">
          {errorMessage(setup.error)}
        </InlineAlert>
      ) : !enrolment ? (
        <Spinner label="Preparing your key…" />
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Turn on two-factor sign-in" className="space-y-5">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            {qr ? (
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(qr)}`}
                alt="QR code of your two-factor key, for an authenticator app"
                className="h-44 w-44 shrink-0 rounded-lg bg-white p-1"
              />
            ) : (
              <div className="h-44 w-44 shrink-0" />
            )}
            <div className="min-w-0 space-y-2">
              <p className="text-sm text-gray-700 dark:text-gray-200">Can’t scan it? Enter this key in the app (time-based):</p>
              <p className="break-all font-mono text-base font-semibold text-gray-900 dark:text-gray-100" data-testid="two-factor-key">
                {grouped(enrolment.secret)}
              </p>
              <CopyButton text={enrolment.secret} variant="outline" size="sm">
                Copy key
              </CopyButton>
            </div>
          </div>
          {codeField}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={busy} loadingText="Checking...">
              Turn on
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
