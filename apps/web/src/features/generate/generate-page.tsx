import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder: the Generate Alt Text screen is built by another engineer on this shell.
export default function GeneratePage() {
  useDocumentTitle('Generate Alt Text');
  return <PageHeader title="Generate Alt Text" description="Describe images from a URL or in batches." />;
}
