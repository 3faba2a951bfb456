import { TWO_FACTOR_MESSAGES } from '@altwise/shared';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { OneTimeCodeField } from '@/components/one-time-code-field';

export interface TwoFactorStepProps {
  challengeToken: string;
  onSignedIn(): void;
  /** The step expired or the person wants to start over: back to the password. */
  onRestart(): void;
}

/**
 * The second sign-in step of an account with two-factor sign-in: a code from the authenticator app,
 * or one of the recovery codes. A wrong code is shown on the field; an expired step goes back.
 */
export function TwoFactorStep({ challengeToken, onSignedIn, onRestart }: TwoFactorStepProps) {
  const complete = useAuthStore((state) => state.completeTwoFactor);
  const isLoading = useAuthStore((state) => state.isLoading);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The password form this replaced had focus: it moves to the one field of the step.
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      inputRef.current?.focus();
      return;
    }
    try {
      await complete(challengeToken, code.trim());
      onSignedIn();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        setExpired(true);
        return;
      }
      setError(errorMessage(caught));
      inputRef.current?.focus();
    }
  };

  if (expired) {
    return (
      <div className="space-y-4" role="alert">
        <p className="text-sm text-gray-700 dark:text-gray-200">{TWO_FACTOR_MESSAGES.challengeExpired}</p>
        <Button variant="primary" fullWidth onClick={onRestart}>
          Sign in again
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Two-factor sign-in">
      <p className="text-sm text-gray-700 dark:text-gray-200">
        Enter the 6-digit code from your authenticator app. Lost your device? Enter one of your recovery codes instead.
      </p>
      <OneTimeCodeField
        ref={inputRef}
        label="Authentication code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth isLoading={isLoading} loadingText="Checking...">
        Verify and sign in
      </Button>
      <Button variant="outline" fullWidth onClick={onRestart}>
        Back to password
      </Button>
    </form>
  );
}
