import { forgotPasswordRequestSchema } from '@altwise/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { requestPasswordReset } from './api/request-password-reset';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<'email'>();
  const errorsFor = (value: string) => {
    const parsed = forgotPasswordRequestSchema.safeParse({ email: value });
    return parsed.success ? {} : fieldErrors<'email'>(parsed.error);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      showErrors(fieldErrors<'email'>(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      setSentMessage(await requestPasswordReset(parsed.data.email));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (sentMessage) {
    return (
      <InlineAlert tone="info" role="status" title="Check your email" takeFocus>
        {sentMessage}
      </InlineAlert>
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset password">
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          recheck('email', errorsFor(event.target.value));
        }}
        error={errors.email}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth isLoading={sending} loadingText="Sending link...">
        Send reset link
      </Button>
    </form>
  );
}
