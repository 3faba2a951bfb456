import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Choose Your Plan screen is built by another engineer on this shell.
export default function SubscriptionPage() {
  useDocumentTitle('Choose Your Plan');
  return <PageHeader title="Choose Your Plan" description="Scale AI alt-text generation with your needs." />;
}
