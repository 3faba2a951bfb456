import { loginRequestSchema } from '@altwise/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { fieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { linkClasses } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

type Field = 'email' | 'password';

export function LoginForm() {
  const login = useAuthStore((state) => state.login);
  const isLoading = useAuthStore((state) => state.isLoading);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // Set when the password was right and the account asks for a second step.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const signedIn = () => {
    toast.success('Welcome back!');
    void navigate('/app/dashboard', { replace: true });
  };
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<Field>();
  const errorsFor = (next: { email: string; password: string }) => {
    const parsed = loginRequestSchema.safeParse(next);
    return parsed.success ? {} : fieldErrors<Field>(parsed.error);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password, rememberMe });
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const outcome = await login(parsed.data);
      if ('twoFactorRequired' in outcome) {
        setChallengeToken(outcome.challengeToken);
        return;
      }
      signedIn();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallengeToken(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          recheck('email', errorsFor({ email: event.target.value, password }));
        }}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          recheck('password', errorsFor({ email, password: event.target.value }));
        }}
        error={errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox label="Remember me" name="rememberMe" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <Link to="/forgot-password" className={`${linkClasses} text-sm`}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" variant="primary" size="lg" fullWidth isLoading={isLoading} loadingText="Signing in...">
        Sign in
      </Button>
    </form>
  );
}
