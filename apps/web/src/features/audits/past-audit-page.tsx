import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorState } from '@/components/query-error';
import { PageSpinner } from '@/components/spinner';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAudit } from './api/get-audit';
import { AuditResults } from './components/audit-results';

/** One audit from the history, as it was run (with a bulk job's suggestions once it is over). */
export default function PastAuditPage() {
  const { id = '' } = useParams();
  const audit = useAudit(id);
  useDocumentTitle(audit.data ? `Audit of ${audit.data.pageTitle ?? audit.data.finalUrl}` : 'Past audit');

  return (
    <>
      <Link
        to="/app/audit"
        className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-blue-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All audits
      </Link>
      <PageHeader
        title={audit.data ? `Audit of ${audit.data.pageTitle ?? audit.data.finalUrl}` : 'Past audit'}
        description={audit.data ? `Run ${formatDateTime(audit.data.createdAt)}${audit.data.suggest ? ', with suggestions' : ''}.` : undefined}
        className="[&_h1]:break-words"
      />
      {audit.isPending ? <PageSpinner /> : audit.isError ? <QueryErrorState title="This audit could not be loaded" query={audit} /> : <AuditResults audit={audit.data} />}
    </>
  );
}
