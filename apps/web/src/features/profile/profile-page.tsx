import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountActions } from './components/account-actions';
import { ProfileForm } from './components/profile-form';
import { ProfileHeader } from './components/profile-header';

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useAuthStore((state) => state.user);
  return (
    <>
      <PageHeader title="Profile" description="Your personal information and account details." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileHeader user={user} />
          <ProfileForm user={user} />
        </div>
        <div>
          <AccountActions />
        </div>
      </div>
    </>
  );
}
