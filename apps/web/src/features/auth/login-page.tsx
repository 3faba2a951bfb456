import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard, linkClasses } from './auth-card';
import { LoginForm } from './login-form';

export default function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back — your alt text is waiting."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={linkClasses}>
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
