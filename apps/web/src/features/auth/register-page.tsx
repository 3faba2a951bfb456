import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard, linkClasses } from './auth-card';
import { RegisterForm } from './register-form';

export default function RegisterPage() {
  useDocumentTitle('Create your account');
  return (
    <AuthCard
      title="Create your account and start generating AI alt text"
      subtitle="Free forever plan — no credit card required."
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to="/login" className={linkClasses}>
              Sign in
            </Link>
          </p>
          <p className="mt-4 text-xs">Fast AI processing · WCAG compliant alt text · Real-time API</p>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
