import type { Job } from '@altwise/sdk';
import type { ReviewFilter } from '@altwise/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { BulkReviewOutcome } from '../api/bulk-review';
import { useBulkReview } from '../api/bulk-review';
import { useReviewCounts } from '../api/get-review-counts';
import { useReviewQueue } from '../api/get-review-queue';
import type { ReviewSort } from '../api/get-review-queue';
import { SelectField } from '@/components/select-field';
import { isChanging, useReadAgainWhenEnded } from '../api/job-polling';
import { useReviewItem } from '../api/review-item';
import { useUndoReview } from '../api/undo-review';
import { BulkActions } from './bulk-actions';
import { KeyboardShortcuts, focusReviewCard, onReviewShortcut } from './keyboard-shortcuts';
import { countOf } from '../job-texts';
import { ReviewCard } from './review-card';
import { ReviewFilterField, filterName } from './review-filter';
import type { UndoableAction } from './undo-notice';
import { UndoNotice } from './undo-notice';


/** "Accepted 1,000 images (1,000 rows). 20 left as they were." */
function outcomeMessage(outcome: BulkReviewOutcome): string {
  const verb = outcome.action === 'approve' ? 'Accepted' : 'Rejected';
  const rows = outcome.updated === outcome.groups ? '' : ` (${countOf(outcome.updated, 'row')})`;
  const left = outcome.skipped ? ` ${countOf(outcome.skipped, 'image')} left as ${outcome.skipped === 1 ? 'it was' : 'they were'} (drafts, already so, or not described).` : '';
  return `${verb} ${countOf(outcome.groups, 'image')}${rows}.${left}`;
}

/** The review of a job at any size: filters with counts, bulk actions with undo, shortcuts, cards. */
export function ReviewPanel({ job }: { job: Job }) {
  const changing = isChanging(job);
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [sort, setSort] = useState<ReviewSort>('input');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [last, setLast] = useState<UndoableAction | null>(null);
  const counts = useReviewCounts(job.id, changing);
  const queue = useReviewQueue(job.id, filter, changing, sort);
  useReadAgainWhenEnded(job.id, changing);
  const review = useReviewItem(job.id);
  const bulk = useBulkReview(job.id);
  const undo = useUndoReview(job.id);
  // Delegated from the list: the shortcuts act only while the focus is inside it.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const element = list.current;
    element?.addEventListener('keydown', onReviewShortcut);
    return () => element?.removeEventListener('keydown', onReviewShortcut);
  }, []);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const total = counts.data?.groups[filter];

  function changeFilter(next: ReviewFilter) {
    setFilter(next);
    setSelected(new Set());
  }

  function runBulk(request: Parameters<typeof bulk.mutate>[0]) {
    bulk.mutate(request, {
      onSuccess: (outcome) => {
        setSelected(new Set());
        setLast({ message: outcomeMessage(outcome), undoToken: outcome.groups > 0 ? outcome.undoToken : null });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function runUndo(token: string) {
    undo.mutate(token, {
      onSuccess: ({ restored }) => setLast({ message: `Undone: ${countOf(restored, 'row')} put back as ${restored === 1 ? 'it was' : 'they were'}.`, undoToken: null }),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function select(id: string, on: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <h2 id="review-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        Review
      </h2>
      <ReviewFilterField value={filter} counts={counts.data} onChange={changeFilter} />
      <SelectField
        label="Order"
        options={[
          { value: 'input', label: 'Input order' },
          { value: 'uncertainty', label: 'Where readings disagree most first' },
        ]}
        value={sort}
        onChange={(event) => setSort(event.target.value as ReviewSort)}
        containerClassName="max-w-sm"
      />
      <BulkActions
        filter={filter}
        counts={counts.data}
        selected={selected.size}
        busy={bulk.isPending}
        onAcceptPassing={() => runBulk({ action: 'approve', filter: 'needs_review', passing: true })}
        onAcceptShown={() => runBulk({ action: 'approve', filter })}
        onRejectSelected={() => runBulk({ action: 'reject', itemIds: [...selected] })}
      />
      <div aria-live="polite">{last && <UndoNotice action={last} busy={undo.isPending} onUndo={() => last.undoToken && runUndo(last.undoToken)} onDismiss={() => setLast(null)} />}</div>
      <KeyboardShortcuts />
      {queue.error != null && <QueryErrorAlert title="Results could not be loaded" query={queue} />}
      {queue.isPending && <Spinner />}
      <ul className="space-y-3" aria-label={`Results: ${filterName(filter)}`} ref={list}>
        {items.map((item, index) => (
          <li key={item.id}>
            <ReviewCard
              item={item}
              index={index}
              selected={selected.has(item.id)}
              onSelect={(on) => select(item.id, on)}
              onReview={(body) => review.mutateAsync({ itemId: item.id, ...body }).catch((error: unknown) => toast.error(errorMessage(error)))}
              onDone={(at) => focusReviewCard(at + 1)}
            />
          </li>
        ))}
      </ul>
      {queue.data && items.length === 0 && <p className="text-gray-700 dark:text-gray-200">Nothing to show.</p>}
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700 dark:text-gray-200">
        {total !== undefined && items.length > 0 && (
          <span>
            Showing {items.length.toLocaleString()} of {total.toLocaleString()}
          </span>
        )}
        {queue.hasNextPage && (
          <Button size="sm" variant="outline" isLoading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            Show more
          </Button>
        )}
      </div>
    </section>
  );
}
