import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard, linkClasses } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
