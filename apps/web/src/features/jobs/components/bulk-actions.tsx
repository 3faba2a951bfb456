import type { ReviewCounts, ReviewFilter } from '@altwise/shared';
import { Button } from '@/components/button';
import { countOf } from '@/lib/format';

const NOT_DESCRIBED: ReadonlySet<ReviewFilter> = new Set(['pending', 'failed', 'cancelled']);

/**
 * Accept all passing the checker, accept all shown (the whole filter, every page), reject the
 * selected. Drafts are never accepted in bulk, and the screen says so.
 */
export function BulkActions(props: {
  filter: ReviewFilter;
  counts: ReviewCounts | undefined;
  selected: number;
  busy: boolean;
  onAcceptPassing: () => void;
  onAcceptShown: () => void;
  onRejectSelected: () => void;
}) {
  const { counts } = props;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={props.busy || !counts?.passing} onClick={props.onAcceptPassing}>
          Accept all passing{counts ? ` (${counts.passing.toLocaleString()})` : ''}
        </Button>
        {!NOT_DESCRIBED.has(props.filter) && (
          <Button size="sm" variant="outline" disabled={props.busy} onClick={props.onAcceptShown}>
            Accept all shown
          </Button>
        )}
        <Button size="sm" variant="danger" disabled={props.busy || props.selected === 0} onClick={props.onRejectSelected}>
          Reject selected ({props.selected})
        </Button>
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-200">
        &ldquo;Accept all passing&rdquo; accepts the results that need review, have no error from the checker and are not drafts. &ldquo;Accept all shown&rdquo; accepts every
        described result under this filter, on every page. Neither accepts a draft: no vision model saw those images, so a person must look at each one and accept or
        edit it.
        {counts && counts.drafts > 0 && (
          <strong className="font-semibold">
            {' '}
            {countOf(counts.drafts, 'draft')} wait{counts.drafts === 1 ? 's' : ''} for you.
          </strong>
        )}
      </p>
    </div>
  );
}
