import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Usage & Analytics screen is built by another engineer on this shell.
export default function UsagePage() {
  useDocumentTitle('Usage & Analytics');
  return <PageHeader title="Usage & Analytics" description="Requests, response times and plan usage." />;
}
