import { Play } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStartRun } from './api/monitor-mutations';
import { isRunActive, useMonitor, useRuns, useTrend } from './api/monitor-queries';
import { RunChanges } from './components/run-changes';
import { RunFix } from './components/run-fix';
import { RunImages } from './components/run-images';
import { RunPages } from './components/run-pages';
import { RunStatus } from './components/run-status';
import { TrendChart } from './components/trend-chart';
import { scheduleText } from './monitor-texts';

/**
 * One monitor: its newest run's status (with progress while it crawls), the trend of its completed
 * runs, and the last completed run's changes, images and pages.
 */
export default function MonitorPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Site monitor');
  const monitor = useMonitor(id);
  const runs = useRuns(id);
  const trend = useTrend(id);
  const start = useStartRun();
  const latest = runs.data?.[0];
  const lastCompleted = runs.data?.find((run) => run.status === 'completed');
  const active = latest !== undefined && isRunActive(latest);

  const runNow = async () => {
    try {
      await start.mutateAsync(id);
      toast.success('Run started');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="min-w-0">
      <PageHeader
        title="Site monitor"
        description={
          <>
            <span className="block break-all">{monitor.data?.url}</span>
            <Link to="/app/monitors" className="text-blue-800 underline dark:text-blue-300">
              All monitors
            </Link>
          </>
        }
        actions={
          monitor.data ? (
            <Button leftIcon={<Play aria-hidden="true" className="size-4" />} disabled={active} isLoading={start.isPending} loadingText="Starting…" onClick={() => void runNow()}>
              Run now
            </Button>
          ) : undefined
        }
      />
      {monitor.isPending && <Spinner label="Loading the monitor…" />}
      {monitor.error != null && <QueryErrorAlert title="The monitor could not be loaded" query={monitor} />}
      {monitor.data && (
        <div className="space-y-6">
          <p className="text-gray-700 dark:text-gray-200">
            {scheduleText(monitor.data.schedule)} · up to {formatNumber(monitor.data.maxPages)} pages per run
            {monitor.data.nextRunAt && ` · next run ${formatDateTime(monitor.data.nextRunAt)}`}
          </p>
          {runs.error != null && <QueryErrorAlert title="The runs could not be loaded" query={runs} />}
          {runs.data && <RunStatus run={latest} monitor={monitor.data} />}
          <Card>
            <CardHeader title="Coverage and failures over time" description="Coverage: the share of image occurrences with an acceptable text alternative, per completed run." />
            {trend.isPending ? (
              <Spinner label="Loading the trend…" />
            ) : trend.error != null ? (
              <QueryErrorAlert title="The trend could not be loaded" query={trend} />
            ) : trend.data.points.length === 0 ? (
              <p className="text-gray-700 dark:text-gray-200">No completed run yet: the chart starts with the first.</p>
            ) : (
              <TrendChart points={trend.data.points} />
            )}
          </Card>
          {lastCompleted && (
            <>
              <RunChanges run={lastCompleted} />
              <RunFix key={`fix-${lastCompleted.id}`} run={lastCompleted} />
              <RunImages key={`images-${lastCompleted.id}`} run={lastCompleted} />
              <RunPages key={`pages-${lastCompleted.id}`} run={lastCompleted} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
