import type { UsageResponse } from '@altwise/shared';
import { useMemo, useState } from 'react';
import { CartesianChart } from '@/components/charts/cartesian-chart';
import { ChartCard } from '@/components/charts/chart-card';
import { DoughnutChart } from '@/components/charts/doughnut-chart';
import { Toggle } from '@/components/toggle';
import { formatMs, formatNumber } from '@/lib/format';
import { RANGE_PHRASES, TOKENS_NOTE, seriesView } from '../usage-data';

export interface UsageChartsProps {
  series: UsageResponse['series'] | undefined;
  /** The data drawn is of a previous range while the new one loads. */
  isUpdating: boolean;
}

/** Request trends, response time, request status and tokens, all over the selected range. */
export function UsageCharts({ series, isUpdating }: UsageChartsProps) {
  const view = useMemo(() => (series ? seriesView(series) : null), [series]);
  // Over 30 or 90 days one busy day flattens the rest into the axis; a log axis keeps them readable.
  const [logScale, setLogScale] = useState(false);
  const trendSeries = useMemo(
    () =>
      view
        ? [
            { label: 'Successful', data: view.success, tone: 'green' as const },
            { label: 'Failed', data: view.error, tone: 'red' as const },
            { label: 'Throttled', data: view.throttled, tone: 'amber' as const },
          ]
        : [],
    [view],
  );
  const responseSeries = useMemo(
    () => (view ? [{ label: 'Average response time', data: view.responseTimes, tone: 'blue' as const }] : []),
    [view],
  );
  const statusSegments = useMemo(
    () =>
      view
        ? [
            { label: 'Successful', value: view.totals.success, tone: 'green' as const },
            { label: 'Failed', value: view.totals.error, tone: 'red' as const },
            { label: 'Throttled', value: view.totals.throttled, tone: 'amber' as const },
          ]
        : [],
    [view],
  );
  const tokenSeries = useMemo(
    () =>
      view
        ? [
            { label: 'Input tokens', data: view.inputTokens, tone: 'violet' as const },
            { label: 'Output tokens', data: view.outputTokens, tone: 'blue' as const },
          ]
        : [],
    [view],
  );
  const period = view ? RANGE_PHRASES[view.range] : '';
  const per = view?.range === '24h' ? 'hour' : 'day';

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <ChartCard
        title="Request Trends"
        description={view ? `Requests per ${per} by outcome, ${period}${logScale ? ' (logarithmic scale)' : ''}` : undefined}
        action={<Toggle label="Log scale" checked={logScale} onChange={setLogScale} className="gap-2" />}
        className="lg:col-span-3"
        skeletonHeightClassName="h-72"
      >
        {view && (
          <CartesianChart
            type="line"
            title="Request trends"
            labels={view.labels}
            tableLabels={view.tableLabels}
            categoryHeader={view.categoryHeader}
            series={trendSeries}
            summary={view.trendSummary}
            scale={logScale ? 'log' : 'linear'}
            heightClassName="h-72"
            isUpdating={isUpdating}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Response Time"
        description={view ? `Average response time per ${per}, ${period}` : undefined}
        className="lg:col-span-2"
      >
        {view && (
          <CartesianChart
            type="bar"
            title="Response time"
            labels={view.labels}
            tableLabels={view.tableLabels}
            categoryHeader={view.categoryHeader}
            series={responseSeries}
            summary={view.responseSummary}
            formatValue={formatMs}
            isUpdating={isUpdating}
          />
        )}
      </ChartCard>
      <ChartCard title="Request Status" description={view ? `All requests, ${period}` : undefined}>
        {view && (
          <DoughnutChart
            title="Request status"
            segments={statusSegments}
            categoryHeader="Status"
            valueHeader="Requests"
            summary={view.statusSummary}
            center={{ value: formatNumber(view.totals.all), caption: view.totals.all === 1 ? 'request' : 'requests' }}
            emptyText="No requests yet"
            isUpdating={isUpdating}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Tokens"
        description={view ? `Input and output tokens per ${per}, ${period}` : undefined}
        className="lg:col-span-3"
      >
        {view && (
          <div className="space-y-3">
            <CartesianChart
              type="bar"
              title="Tokens"
              labels={view.labels}
              tableLabels={view.tableLabels}
              categoryHeader={view.categoryHeader}
              series={tokenSeries}
              summary={view.tokenSummary}
              isUpdating={isUpdating}
            />
            <p className="text-sm text-gray-600 dark:text-gray-300">{TOKENS_NOTE}</p>
          </div>
        )}
      </ChartCard>
    </div>
  );
}
