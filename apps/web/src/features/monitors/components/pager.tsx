import { Button } from '@/components/button';
import { formatNumber } from '@/lib/format';
import { LIST_PAGE_SIZE } from '../api/monitor-queries';

/** "Showing 51–100 of 120" with Previous and Next, for the run's images and pages lists. */
export function Pager({ what, offset, total, onChange }: { what: string; offset: number; total: number; onChange(offset: number): void }) {
  if (total <= LIST_PAGE_SIZE) return null;
  const last = Math.min(total, offset + LIST_PAGE_SIZE);
  return (
    <nav aria-label={`${what} pages`} className="mt-4 flex flex-wrap items-center gap-3 text-sm text-gray-700 dark:text-gray-200">
      <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - LIST_PAGE_SIZE))}>
        Previous
      </Button>
      <span>
        {formatNumber(offset + 1)}–{formatNumber(last)} of {formatNumber(total)}
      </span>
      <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onChange(offset + LIST_PAGE_SIZE)}>
        Next
      </Button>
    </nav>
  );
}
