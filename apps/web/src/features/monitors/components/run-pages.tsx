import type { MonitorRun } from '@altwise/sdk';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Card, CardHeader } from '@/components/card';
import { QueryErrorAlert } from '@/components/query-error';
import { SegmentedControl } from '@/components/segmented-control';
import { Spinner } from '@/components/spinner';
import { formatNumber } from '@/lib/format';
import type { PageStatus } from '../api/monitor-queries';
import { useRunPages } from '../api/monitor-queries';
import { Pager } from './pager';

type Filter = PageStatus | 'all';
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'ok', label: 'Read' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'failed', label: 'Failed' },
];
const TONES = { ok: 'green', skipped: 'gray', failed: 'red' } as const;
const LABELS: Record<PageStatus, string> = { ok: 'read', skipped: 'skipped', failed: 'failed' };

/** The URLs the run read, in the order it read them, and why one was skipped or failed. */
export function RunPages({ run }: { run: MonitorRun }) {
  const [status, setStatus] = useState<Filter>('all');
  const [offset, setOffset] = useState(0);
  const pages = useRunPages(run.monitorId, run.id, { status, offset });
  const list = pages.data?.pages ?? [];
  return (
    <Card>
      <CardHeader title="Pages" description="Every URL the run read, in order." />
      <SegmentedControl<Filter>
        label="Show pages"
        options={FILTERS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setOffset(0);
        }}
        className="mb-4"
      />
      <p role="status" className="mb-2 text-sm text-gray-700 dark:text-gray-200">
        {pages.data ? `${formatNumber(pages.data.total)} ${pages.data.total === 1 ? 'URL' : 'URLs'}` : ''}
      </p>
      {pages.isPending ? (
        <Spinner label="Loading pages…" />
      ) : pages.isError ? (
        <QueryErrorAlert title="Pages could not be loaded" query={pages} />
      ) : list.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-200">No URLs here.</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-busy={pages.isPlaceholderData || undefined}>
          {list.map((page, index) => (
            <li key={`${page.url}-${index}`} className="py-3 text-sm text-gray-800 dark:text-gray-100" data-testid="monitor-page">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={TONES[page.status]}>{LABELS[page.status]}</Badge>
                <span className="min-w-0 font-medium break-all">{page.title ?? page.url}</span>
              </p>
              {page.title && <p className="break-all text-gray-700 dark:text-gray-300">{page.url}</p>}
              <p className="text-gray-700 dark:text-gray-300">
                {page.status === 'ok' ? `${formatNumber(page.images)} ${page.images === 1 ? 'image' : 'images'}` : page.reason}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager what="Pages" offset={offset} total={pages.data?.total ?? 0} onChange={setOffset} />
    </Card>
  );
}
