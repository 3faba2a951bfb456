import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Profile screen is built by another engineer on this shell.
export default function ProfilePage() {
  useDocumentTitle('Profile');
  return <PageHeader title="Profile" description="Your personal information." />;
}
