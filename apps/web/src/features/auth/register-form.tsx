import { registerFormSchema, VALIDATION } from '@altwise/shared';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { fieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { linkClasses } from './auth-card';
import { PasswordChecklist } from './password-checklist';

type Field = 'firstName' | 'lastName' | 'email' | 'company' | 'password' | 'confirmPassword' | 'terms';

const empty = { firstName: '', lastName: '', email: '', company: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const register = useAuthStore((state) => state.register);
  const isLoading = useAuthStore((state) => state.isLoading);
  const navigate = useNavigate();
  const checklistId = useId();
  const [values, setValues] = useState(empty);
  const [terms, setTerms] = useState(false);
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<Field>();

  /** The form's errors for these values, the mismatch of the two passwords included. */
  const errorsFor = (next: typeof empty, accepted: boolean) => {
    const parsed = registerFormSchema.safeParse({ ...next, company: next.company || undefined, terms: accepted });
    if (!parsed.success) return fieldErrors<Field>(parsed.error);
    return parsed.data.password !== parsed.data.confirmPassword ? { confirmPassword: VALIDATION.passwordsDoNotMatch } : {};
  };

  const bind = (field: keyof typeof empty) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      recheck(field, errorsFor(next, terms));
      // The confirmation's "do not match" depends on the password too.
      if (field === 'password') recheck('confirmPassword', errorsFor(next, terms));
    },
    error: errors[field],
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerFormSchema.safeParse({ ...values, company: values.company || undefined, terms });
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    if (parsed.data.password !== parsed.data.confirmPassword) {
      showErrors({ confirmPassword: VALIDATION.passwordsDoNotMatch });
      toast.error(VALIDATION.passwordsDoNotMatch);
      return;
    }
    setErrors({});
    const { confirmPassword: _confirm, terms: _terms, company, ...account } = parsed.data;
    try {
      await register(company ? { ...account, company } : account);
      toast.success('Account created successfully!');
      void navigate('/app/dashboard', { replace: true });
    } catch (error) {
      // The server's field messages, e.g. a password on its list of the most common ones.
      const onFields = serverFieldErrors(error, ['firstName', 'lastName', 'email', 'company', 'password'] as const);
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else toast.error(errorMessage(error));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create account">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <TextField label="Email address" type="email" autoComplete="email" placeholder="you@example.com" {...bind('email')} />
      <TextField label="Company" optional autoComplete="organization" placeholder="Your company name" {...bind('company')} />
      <div>
        <PasswordField label="Password" autoComplete="new-password" aria-describedby={checklistId} {...bind('password')} />
        <PasswordChecklist id={checklistId} password={values.password} />
      </div>
      <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
      <Checkbox
        name="terms"
        checked={terms}
        onChange={(event) => {
          setTerms(event.target.checked);
          recheck('terms', errorsFor(values, event.target.checked));
        }}
        error={errors.terms}
        label={
          <>
            I agree to the{' '}
            <Link to="/terms" className={linkClasses}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className={linkClasses}>
              Privacy Policy
            </Link>
          </>
        }
      />
      <Button type="submit" variant="primary" size="lg" fullWidth isLoading={isLoading} loadingText="Creating account...">
        Create account
      </Button>
    </form>
  );
}
