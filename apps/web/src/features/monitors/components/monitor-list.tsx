import type { Monitor } from '@altwise/sdk';
import { Play, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteMonitor, useStartRun } from '../api/monitor-mutations';
import { useMonitors } from '../api/monitor-queries';
import { scheduleText } from '../monitor-texts';

export const MONITORS_HEADING_ID = 'monitors-title';
const linkId = (id: string) => `monitor-${id}`;

/**
 * The account's monitors, newest first: each opens its page, runs now (then opens the page, where
 * the run's progress shows) or is deleted after a confirmation, focus then going to the monitor
 * that took its place.
 */
export function MonitorList() {
  const monitors = useMonitors();
  const remove = useDeleteMonitor();
  const start = useStartRun();
  const navigate = useNavigate();
  const [doomed, setDoomed] = useState<Monitor | null>(null);
  const focusAfter = useRef<HTMLElement | null>(null);
  const items = monitors.data ?? [];

  const runNow = async (monitor: Monitor) => {
    try {
      await start.mutateAsync(monitor.id);
      toast.success('Run started');
      void navigate(`/app/monitors/${monitor.id}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const confirm = async () => {
    if (!doomed) return;
    const at = items.findIndex((item) => item.id === doomed.id);
    try {
      await remove.mutateAsync(doomed.id);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    toast.success('Monitor deleted');
    const left = items.filter((item) => item.id !== doomed.id);
    const next = left[at] ?? left[at - 1];
    focusAfter.current = (next && document.getElementById(linkId(next.id))) || document.getElementById(MONITORS_HEADING_ID);
    setDoomed(null);
  };

  return (
    <>
      <h2 id={MONITORS_HEADING_ID} tabIndex={-1} className="mb-4 text-lg font-semibold text-gray-900 focus:outline-none dark:text-white">
        Your monitors
      </h2>
      {monitors.isPending ? (
        <div className="flex justify-center py-6 text-blue-700 dark:text-blue-300">
          <Spinner className="size-6" label="Loading monitors…" />
        </div>
      ) : monitors.isError ? (
        <QueryErrorAlert title="Monitors could not be loaded" query={monitors} />
      ) : items.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-200">No monitors yet. Create one and run it to see the state of a whole site.</p>
      ) : (
        <ul className="space-y-4" aria-labelledby={MONITORS_HEADING_ID}>
          {items.map((monitor) => (
            <li key={monitor.id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-700" data-testid="monitor-row">
              <Link
                id={linkId(monitor.id)}
                to={`/app/monitors/${monitor.id}`}
                className="rounded font-medium break-all text-blue-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400"
              >
                {monitor.url}
              </Link>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-200">
                {scheduleText(monitor.schedule)} · up to {formatNumber(monitor.maxPages)} pages
                {monitor.nextRunAt && ` · next run ${formatDateTime(monitor.nextRunAt)}`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  leftIcon={<Play aria-hidden="true" className="size-4" />}
                  aria-label={`Run now: ${monitor.url}`}
                  isLoading={start.isPending && start.variables === monitor.id}
                  loadingText="Starting…"
                  onClick={() => void runNow(monitor)}
                >
                  Run now
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
                  aria-label={`Delete the monitor of ${monitor.url}`}
                  onClick={() => setDoomed(monitor)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={doomed !== null}
        onClose={() => setDoomed(null)}
        role="alertdialog"
        size="sm"
        title="Delete this monitor?"
        description={doomed ? `The monitor of ${doomed.url} and all its runs are removed for good. The site itself is not touched.` : undefined}
        finalFocusRef={focusAfter}
        footer={
          <>
            <Button variant="outline" onClick={() => setDoomed(null)}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={remove.isPending} loadingText="Deleting…" onClick={() => void confirm()}>
              Delete monitor
            </Button>
          </>
        }
      />
    </>
  );
}
