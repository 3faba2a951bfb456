import { PASSWORD_MESSAGES, resetPasswordRequestSchema, VALIDATION } from '@altwise/shared';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { PasswordField } from '@/components/password-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { resetPassword } from './api/reset-password';
import { linkClasses } from './auth-card';
import { PasswordChecklist } from './password-checklist';

type Field = 'password' | 'confirmPassword';

/** The server's answer for a link that cannot be used (the `token` field of a 400). */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && Array.isArray(error.details) && error.details.some((detail: { field?: string }) => detail?.field === 'token');
}

/** Chooses the new password with the link's token; afterwards every session of the account is over. */
export function ResetPasswordForm({ token }: { token: string }) {
  const checklistId = useId();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<'done' | 'dead-link' | null>(token ? null : 'dead-link');
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<Field>();

  const errorsFor = (next: typeof values) => {
    const parsed = resetPasswordRequestSchema.safeParse({ token: 'present', password: next.password });
    const found: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    if (!next.confirmPassword) found.confirmPassword = VALIDATION.confirmPasswordRequired;
    else if (next.confirmPassword !== next.password) found.confirmPassword = VALIDATION.passwordsDoNotMatch;
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = errorsFor(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await resetPassword(token, values.password);
      setOutcome('done');
    } catch (error) {
      const onFields = serverFieldErrors(error, ['password'] as const);
      if (isDeadLink(error)) setOutcome('dead-link');
      // The server's own refusal of the password, e.g. one of the most common ones.
      else if (onFields.password) showErrors(onFields);
      else toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (outcome === 'done') {
    return (
      <InlineAlert tone="info" role="status" title="Your password was changed" takeFocus>
        Every session of your account was signed out.{' '}
        <Link to="/login" className={linkClasses}>
          Sign in with your new password
        </Link>
      </InlineAlert>
    );
  }
  if (outcome === 'dead-link') {
    return (
      <InlineAlert tone="error" role="alert" title="This link cannot be used">
        {PASSWORD_MESSAGES.resetLinkInvalid}{' '}
        <Link to="/forgot-password" className={linkClasses}>
          Ask for a new link
        </Link>
      </InlineAlert>
    );
  }
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      recheck(field, errorsFor(next));
      if (field === 'password') recheck('confirmPassword', errorsFor(next));
    },
    error: errors[field],
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a new password">
      <div>
        <PasswordField label="New password" autoComplete="new-password" aria-describedby={checklistId} {...bind('password')} />
        <PasswordChecklist id={checklistId} password={values.password} />
      </div>
      <PasswordField label="Confirm new password" autoComplete="new-password" {...bind('confirmPassword')} />
      <Button type="submit" variant="primary" size="lg" fullWidth isLoading={saving} loadingText="Saving...">
        Set new password
      </Button>
    </form>
  );
}
