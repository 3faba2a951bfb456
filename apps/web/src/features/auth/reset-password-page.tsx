import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard, linkClasses } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Setting it signs your account out everywhere."
      footer={
        <Link to="/login" className={linkClasses}>
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
