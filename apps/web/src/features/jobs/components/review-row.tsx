import type { JobResultItem as JobItem } from '@altwise/sdk';
import { checkResponseSchema } from '@altwise/shared';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DraftBadge } from '@/components/draft-notice';
import { TextareaField } from '@/components/textarea-field';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

type Issues = Array<{ id: string; severity: string; message: string }>;

/** The checker on the text being edited, 300 ms after the last keystroke. */
function useLiveCheck(text: string | null, purpose: JobItem['purpose']): Issues | null {
  const [issues, setIssues] = useState<Issues | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      void api
        // A link's or button's image is checked for naming its destination or action, as the server checks it.
        .post('/v1/alt-text/check', { altText: text, ...(purpose && { purpose }) })
        .then((answer) => setIssues(parseResponse(checkResponseSchema, answer, 'check').issues))
        .catch(() => setIssues(null));
    }, 300);
    return () => clearTimeout(timer);
  }, [text, purpose]);
  return text === null ? null : issues;
}

function verdict(item: JobItem) {
  if (item.status === 'failed') return <Badge tone="red">Failed: {item.error?.message}</Badge>;
  if (!item.result) return <Badge tone="gray">{item.status}</Badge>;
  // A draft is never compliant: until a person accepts or rewrites it, it says what it is.
  if (item.result.verification === 'draft') return <DraftBadge />;
  const count = item.result.issues.length;
  return item.result.wcagCompliant ? (
    <Badge tone="green">{count ? `Compliant, ${count} note${count > 1 ? 's' : ''}` : 'Compliant'}</Badge>
  ) : (
    <Badge tone="amber">Needs work: {item.result.issues.map((issue) => issue.message).join('; ')}</Badge>
  );
}

/** The review column: a person's verdict, or what is still asked of one (a draft needs a person). */
function reviewState(item: JobItem): string {
  if (item.review) return item.review;
  if (item.status !== 'succeeded') return item.status;
  return item.result?.verification === 'draft' ? 'Draft: needs a person' : 'Needs review';
}

/**
 * One result with its review actions. Accept, Edit and Reject are buttons (Tab reaches them,
 * Enter or Space runs them); after a decision the focus moves to the next row's Accept.
 */
export function ReviewRow(props: { item: JobItem; index: number; onReview: (review: { altText?: string; status: 'approved' | 'rejected' }) => Promise<unknown> }) {
  const { item, index } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const liveIssues = useLiveCheck(draft, item.purpose);

  function focusNext() {
    const next = document.querySelector<HTMLButtonElement>(`[data-review-row="${index + 1}"] [data-action="accept"]`);
    next?.focus();
  }

  async function decide(review: { altText?: string; status: 'approved' | 'rejected' }) {
    await props.onReview(review);
    setDraft(null);
    focusNext();
  }

  const label = item.clientId ?? `Row ${index + 1}`;
  return (
    <tr data-review-row={index} className="border-t border-gray-200 align-top dark:border-gray-700">
      <td className="p-2">
        <img src={item.imageUrl} alt="" className="h-16 w-16 rounded object-cover" loading="lazy" />
      </td>
      <td className="p-2 text-gray-900 dark:text-gray-100">
        {draft === null ? (
          <p>{item.result?.altText ?? '—'}</p>
        ) : (
          <div>
            <TextareaField label={`Alt text for ${label}`} rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} />
            <div aria-live="polite" className="mt-1 text-sm text-gray-700 dark:text-gray-200">
              {liveIssues && (liveIssues.length === 0 ? 'No issues found.' : liveIssues.map((issue) => issue.message).join(' · '))}
            </div>
          </div>
        )}
        <p className="mt-1 truncate text-xs text-gray-600 dark:text-gray-300">{item.imageUrl}</p>
      </td>
      <td className="p-2">{verdict(item)}</td>
      <td className="p-2 text-sm text-gray-800 dark:text-gray-100">{reviewState(item)}</td>
      <td className="p-2">
        {item.status === 'succeeded' && (
          <div className="flex flex-wrap gap-2">
            {draft === null ? (
              <>
                <Button size="sm" data-action="accept" aria-label={`Accept ${label}`} onClick={() => void decide({ status: 'approved' })}>
                  Accept
                </Button>
                <Button size="sm" variant="outline" aria-label={`Edit ${label}`} onClick={() => setDraft(item.result?.altText ?? '')}>
                  Edit
                </Button>
                <Button size="sm" variant="danger" aria-label={`Reject ${label}`} onClick={() => void decide({ status: 'rejected' })}>
                  Reject
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" data-action="accept" aria-label={`Save and accept ${label}`} onClick={() => void decide({ status: 'approved', altText: draft })}>
                  Save and accept
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                  Cancel edit
                </Button>
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
