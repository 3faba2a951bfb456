import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountActions } from './components/account-actions';
import { ChangePasswordForm } from './components/change-password-form';
import { EmailVerificationNotice } from '@/components/email-verification-notice';
import { ProfileForm } from './components/profile-form';
import { ProfileHeader } from './components/profile-header';

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useAuthStore((state) => state.user);
  return (
    <>
      <PageHeader title="Profile" description="Your personal information and account details." />
      {/* grid-cols-1 (minmax(0, 1fr)), not an auto track: a long unbroken email or company must
          truncate inside a phone's width instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProfileHeader user={user} />
          <EmailVerificationNotice user={user} />
          <ProfileForm user={user} />
          <ChangePasswordForm />
        </div>
        <div className="min-w-0">
          <AccountActions />
        </div>
      </div>
    </>
  );
}
