import type { AuditListItem } from '@altwise/shared';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { LoadOlderButton } from '@/components/load-older-button';
import { Card, CardHeader } from '@/components/card';
import { Modal } from '@/components/modal';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteAudit } from '../api/delete-audit';
import { useAuditHistory } from '../api/list-audits';

const linkId = (id: string) => `past-audit-${id}`;
const HEADING_ID = 'audit-history-title';

/** "12 images: 3 missing, 1 poor, 1 broken" */
export function auditSummaryLine({ summary }: Pick<AuditListItem, 'summary'>): string {
  const parts = [
    summary.missing > 0 && `${summary.missing} missing`,
    summary.poor > 0 && `${summary.poor} poor`,
    summary.broken > 0 && `${summary.broken} broken`,
  ].filter(Boolean);
  return `${summary.images} ${summary.images === 1 ? 'image' : 'images'}${parts.length ? `: ${parts.join(', ')}` : ', none to fix'}`;
}

/**
 * The account's past audits (those the CLI and the API ran too), newest first, a page at a time.
 * Each opens in full; deleting asks first, then puts focus on the audit that took its place.
 */
export function AuditHistory() {
  const history = useAuditHistory();
  const remove = useDeleteAudit();
  const [doomed, setDoomed] = useState<AuditListItem | null>(null);
  const focusAfter = useRef<HTMLElement | null>(null);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  const confirm = async () => {
    if (!doomed) return;
    const at = items.findIndex((item) => item.id === doomed.id);
    try {
      await remove.mutateAsync(doomed.id);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    toast.success('Audit deleted');
    // The refetched list is on screen now: focus the audit that moved up, else the one before, else the heading.
    const left = items.filter((item) => item.id !== doomed.id);
    const next = left[at] ?? left[at - 1];
    focusAfter.current = (next && document.getElementById(linkId(next.id))) || document.getElementById(`${HEADING_ID}-focus`);
    setDoomed(null);
  };

  return (
    <Card className="mt-8">
      <CardHeader
        id={HEADING_ID}
        title={
          <span tabIndex={-1} className="focus:outline-none" id={`${HEADING_ID}-focus`}>
            Past audits
          </span>
        }
        description="Every audit of this account, from here, the API or the CLI, newest first."
      />
      {history.isPending ? (
        <div className="flex justify-center py-6 text-blue-700 dark:text-blue-300">
          <Spinner className="size-6" label="Loading past audits…" />
        </div>
      ) : history.isError ? (
        <QueryErrorAlert title="Past audits could not be loaded" query={history} />
      ) : items.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">No audits yet. Audit a page above and it will be listed here.</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-labelledby={HEADING_ID}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="past-audit">
              <div className="min-w-0 flex-1 basis-56">
                <Link
                  id={linkId(item.id)}
                  to={`/app/audit/${item.id}`}
                  className="rounded font-medium break-words text-blue-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400"
                >
                  {item.pageTitle ?? item.finalUrl}
                </Link>
                <p className="text-sm break-words text-gray-700 dark:text-gray-300">
                  {item.pageTitle && <span className="block">{item.finalUrl}</span>}
                  {formatDateTime(item.createdAt)} · {auditSummaryLine(item)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
                aria-label={`Delete the audit of ${item.pageTitle ?? item.finalUrl} from ${formatDateTime(item.createdAt)}`}
                onClick={() => setDoomed(item)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadOlderButton pages={history} className="mt-4">
        Load older audits
      </LoadOlderButton>
      <Modal
        open={doomed !== null}
        onClose={() => setDoomed(null)}
        role="alertdialog"
        size="sm"
        title="Delete this audit?"
        description={doomed ? `The audit of ${doomed.finalUrl} from ${formatDateTime(doomed.createdAt)} and its reports are removed for good. The page itself is not touched.` : undefined}
        finalFocusRef={focusAfter}
        footer={
          <>
            <Button variant="outline" onClick={() => setDoomed(null)}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={remove.isPending} loadingText="Deleting…" onClick={() => void confirm()}>
              Delete audit
            </Button>
          </>
        }
      />
    </Card>
  );
}
