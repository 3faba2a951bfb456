import { changePasswordRequestSchema, VALIDATION } from '@altwise/shared';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { PasswordField } from '@/components/password-field';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };


/** "Change Password": the current password proves it is you; every other session ends. */
export function ChangePasswordForm() {
  const headingId = useId();
  const [values, setValues] = useState(empty);
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<Field>();
  const change = useChangePassword();

  const errorsFor = (next: typeof empty) => {
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword: next.currentPassword, newPassword: next.newPassword });
    const found: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    if (!next.confirmPassword) found.confirmPassword = VALIDATION.confirmPasswordRequired;
    else if (next.confirmPassword !== next.newPassword) found.confirmPassword = VALIDATION.passwordsDoNotMatch;
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
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(empty);
      toast.success('Password changed. Your other sessions were signed out.');
    } catch (error) {
      // The server's field messages (a wrong current password, the same password again).
      const onFields = serverFieldErrors(error, ['currentPassword', 'newPassword'] as const);
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else toast.error(errorMessage(error));
    }
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      recheck(field, errorsFor(next));
      if (field === 'newPassword') recheck('confirmPassword', errorsFor(next));
    },
    error: errors[field],
  });

  return (
    <Card>
      <CardHeader id={headingId} title="Change Password" description="Signs out every other session of your account." />
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby={headingId}>
        <PasswordField label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" {...bind('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...bind('confirmPassword')} />
        <Button type="submit" variant="primary" isLoading={change.isPending} loadingText="Changing...">
          Change Password
        </Button>
      </form>
    </Card>
  );
}
