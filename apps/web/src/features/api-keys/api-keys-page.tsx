import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the API Keys screen is built by another engineer on this shell.
export default function ApiKeysPage() {
  useDocumentTitle('API Keys');
  return <PageHeader title="API Keys" description="Create and manage the keys your apps use." />;
}
