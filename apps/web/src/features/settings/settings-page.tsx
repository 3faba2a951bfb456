import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Settings screen is built by another engineer on this shell.
export default function SettingsPage() {
  useDocumentTitle('Settings');
  return <PageHeader title="Settings" description="Preferences for your account." />;
}
