import type { ReviewGroup } from '@altwise/shared';
import { checkResponseSchema } from '@altwise/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DraftBadge } from '@/components/draft-notice';
import { HighlightedAltText } from '@/components/highlighted-alt-text';
import { TextareaField } from '@/components/textarea-field';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { ReviewReadings } from './review-readings';

type Issues = Array<{ id: string; severity: string; message: string }>;
export type ReviewDecision = { altText?: string; status: 'approved' | 'rejected' };

/** The checker on the text being edited, 300 ms after the last keystroke. */
function useLiveCheck(text: string | null, purpose: ReviewGroup['purpose']): Issues | null {
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

function verdict(item: ReviewGroup) {
  // The reason is in the card's text, where the alt text would be.
  if (item.status === 'failed') return <Badge tone="red">Failed</Badge>;
  if (!item.result) return <Badge tone="gray">{item.status}</Badge>;
  // A draft is never compliant: until a person accepts or rewrites it, it says what it is.
  if (item.result.verification === 'draft') return <DraftBadge />;
  if (item.result.uncertain?.length) return <Badge tone="amber">Readings disagree: needs a person</Badge>;
  const count = item.result.issues.length;
  return item.result.wcagCompliant ? (
    <Badge tone="green">{count ? `Compliant, ${count} note${count > 1 ? 's' : ''}` : 'Compliant'}</Badge>
  ) : (
    <Badge tone="amber">Needs work: {item.result.issues.map((issue) => issue.message).join('; ')}</Badge>
  );
}

/** The review state: a person's verdict, or what is still asked of one (a draft needs a person). */
export function reviewState(item: ReviewGroup): string {
  if (item.review) return item.review;
  if (item.status !== 'succeeded') return item.status;
  return item.result?.verification === 'draft' ? 'Draft: needs a person' : 'Needs review';
}

/**
 * The picture, or a plain box: a failed item is often one whose image could not be fetched, and
 * a picture that does not load (gone since) would show the browser's broken-image icon.
 */
function Thumbnail({ item }: { item: ReviewGroup }) {
  const [broken, setBroken] = useState(false);
  if (item.imageUrl && item.status !== 'failed' && !broken) {
    return <img src={item.imageUrl} alt="" className="size-16 rounded object-cover" loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <div className="flex size-16 items-center justify-center rounded bg-gray-100 p-1 text-center text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-200">
      {broken ? 'No preview' : null}
    </div>
  );
}

/** What the card is called: the caller's id, the uploaded file's path, or its row. */
const nameOf = (item: ReviewGroup) => item.clientId ?? item.path ?? `Row ${Number(item.id) + 1}`;

/**
 * One result (a group of identical images shown once) as a card: a row of columns from 640 px,
 * stacked below. Accept, Edit and Reject are buttons; after a decision the focus moves to the next
 * card. The card itself takes focus for the list's keyboard shortcuts (j/k).
 */
export function ReviewCard(props: {
  item: ReviewGroup;
  index: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onReview: (review: ReviewDecision) => Promise<unknown>;
  onDone: (index: number) => void;
}) {
  const { item, index } = props;
  const titleId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const editor = useRef<HTMLDivElement>(null);
  const liveIssues = useLiveCheck(draft, item.purpose);
  const editing = draft !== null;

  // The text box takes the focus when editing starts (the Edit button or the "e" shortcut), with the
  // caret after the text: typing goes on from the end, not in front of the alt.
  useEffect(() => {
    const box = editing ? editor.current?.querySelector('textarea') : null;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [editing]);

  async function decide(review: ReviewDecision) {
    await props.onReview(review);
    setDraft(null);
    props.onDone(index);
  }

  const label = nameOf(item);
  const reviewable = item.status === 'succeeded';
  return (
    <article
      tabIndex={-1}
      data-review-card={index}
      aria-labelledby={titleId}
      className="grid min-w-0 gap-3 rounded-lg border border-gray-200 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-gray-700 dark:focus-visible:ring-blue-400 sm:grid-cols-[4rem_minmax(0,1fr)_minmax(0,11rem)] lg:grid-cols-[4rem_minmax(0,1fr)_minmax(0,11rem)_auto]"
    >
      <Thumbnail item={item} />
      <div className="min-w-0 text-gray-900 dark:text-gray-100">
        <h3 id={titleId} className="break-words text-sm font-semibold text-gray-900 dark:text-white">
          {label}
        </h3>
        {editing ? (
          <div ref={editor}>
            <TextareaField label={`Alt text for ${label}`} rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} />
            <div aria-live="polite" className="mt-1 text-sm text-gray-700 dark:text-gray-200">
              {liveIssues && (liveIssues.length === 0 ? 'No issues found.' : liveIssues.map((issue) => issue.message).join(' · '))}
            </div>
          </div>
        ) : item.status === 'failed' ? (
          // Where the alt text would be: why there is none (the picture itself may be what failed to load).
          <p className="break-words text-red-800 dark:text-red-200" data-testid="failure-reason">
            Not described: {item.error?.message ?? 'the image could not be described.'}
          </p>
        ) : (
          <p className="break-words">{item.result ? <HighlightedAltText altText={item.result.altText} uncertain={item.result.uncertain} /> : '—'}</p>
        )}
        {!editing && item.status === 'succeeded' && <ReviewReadings item={item} onPick={(altText) => void decide({ status: 'approved', altText })} />}
        <p className="mt-1 break-all text-xs text-gray-700 dark:text-gray-300">{item.imageUrl ?? item.path}</p>
        {item.rows > 1 && (
          <p className="mt-1 text-xs font-medium text-violet-800 dark:text-violet-200" data-testid="group-rows">
            × {item.rows.toLocaleString()} rows — the same image; a review applies to all of them
          </p>
        )}
      </div>
      <dl className="min-w-0 space-y-1 text-sm">
        <div>
          <dt className="sr-only">Checker</dt>
          <dd className="break-words">{verdict(item)}</dd>
        </div>
        <div className="text-gray-800 dark:text-gray-100">
          <dt className="inline">Review: </dt>
          <dd className="inline" data-testid="review-state">
            {reviewState(item)}
          </dd>
        </div>
      </dl>
      {reviewable && (
        <div className="flex flex-wrap items-center gap-2 sm:col-span-3 lg:col-span-1 lg:flex-col lg:items-stretch">
          {editing ? (
            <>
              <Button size="sm" data-action="accept" aria-label={`Save and accept ${label}`} onClick={() => void decide({ status: 'approved', altText: draft })}>
                Save and accept
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                Cancel edit
              </Button>
            </>
          ) : (
            <>
              <Button size="sm" data-action="accept" aria-label={`Accept ${label}`} onClick={() => void decide({ status: 'approved' })}>
                Accept
              </Button>
              <Button size="sm" variant="outline" data-action="edit" aria-label={`Edit ${label}`} onClick={() => setDraft(item.result?.altText ?? '')}>
                Edit
              </Button>
              <Button size="sm" variant="danger" data-action="reject" aria-label={`Reject ${label}`} onClick={() => void decide({ status: 'rejected' })}>
                Reject
              </Button>
            </>
          )}
          <label className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-100">
            <input
              type="checkbox"
              data-action="select"
              checked={props.selected}
              onChange={(event) => props.onSelect(event.target.checked)}
              className="size-4 accent-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:accent-blue-400"
            />
            Select<span className="sr-only"> {label}</span>
          </label>
        </div>
      )}
    </article>
  );
}
