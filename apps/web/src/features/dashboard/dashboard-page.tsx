import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Dashboard screen is built by another engineer on this shell.
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return <PageHeader title="Dashboard" description="Your alt-text activity at a glance." />;
}
