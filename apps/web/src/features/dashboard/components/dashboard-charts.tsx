import type { UsageResponse } from '@altwise/shared';
import { useMemo } from 'react';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { CartesianChart } from '@/components/charts/cartesian-chart';
import { ChartCard } from '@/components/charts/chart-card';
import { ChartSkeleton } from '@/components/charts/chart-skeleton';
import { DoughnutChart } from '@/components/charts/doughnut-chart';
import { formatMs, formatNumber } from '@/lib/format';
import { dailyUsage, performance, weeklyUsage } from '../dashboard-data';

type Usage = UsageResponse | undefined;

export function WeeklyUsageCard({ usage }: { usage: Usage }) {
  const weekly = useMemo(() => (usage ? weeklyUsage(usage.series.buckets) : null), [usage]);
  const series = useMemo(() => (weekly ? [{ label: 'Requests', data: weekly.images, tone: 'blue' as const }] : []), [weekly]);
  return (
    <ChartCard title="Weekly Usage" description="Requests per day over the last 7 days" className="lg:col-span-2">
      {weekly && (
        <CartesianChart
          type="line"
          title="Weekly usage"
          labels={weekly.labels}
          tableLabels={weekly.tableLabels}
          categoryHeader="Day"
          series={series}
          summary={weekly.summary}
          fill
        />
      )}
    </ChartCard>
  );
}

export function DailyUsageCard({ usage }: { usage: Usage }) {
  const daily = useMemo(() => (usage ? dailyUsage(usage.currentUsage.day) : null), [usage]);
  const segments = useMemo(
    () =>
      daily
        ? [
            { label: 'Used', value: daily.used, tone: 'violet' as const },
            { label: 'Remaining', value: daily.remaining, tone: 'track' as const },
          ]
        : [],
    [daily],
  );
  return (
    <ChartCard title="Daily Usage" description="Requests used versus remaining today">
      {daily && (
        <DoughnutChart
          title="Daily usage"
          segments={segments}
          categoryHeader="Requests"
          valueHeader="Count"
          summary={daily.summary}
          center={{ value: `${daily.percent}%`, caption: `of ${formatNumber(daily.limit)} used` }}
        />
      )}
    </ChartCard>
  );
}

export function PerformanceCard({ usage }: { usage: Usage }) {
  const perf = useMemo(() => (usage ? performance(usage.series.buckets) : null), [usage]);
  const series = useMemo(
    () => (perf ? [{ label: 'Average response time', data: perf.responseTimes, tone: 'blue' as const }] : []),
    [perf],
  );
  return (
    <Card className="lg:col-span-2">
      {/* The status wraps under the title on narrow cards instead of squeezing it. */}
      <div className="mb-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-gray-900 dark:text-white">API Performance</h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Average response time per day</p>
        </div>
        {/* A status needs requests to speak of: with none in the range there is nothing to claim. */}
        {usage && usage.series.buckets.some((bucket) => bucket.success + bucket.error > 0) ? (
          <Badge tone="green">
            <span aria-hidden="true" className="size-2 rounded-full bg-green-600 dark:bg-green-400" />
            All systems operational
          </Badge>
        ) : usage ? (
          <Badge tone="gray">No requests yet</Badge>
        ) : null}
      </div>
      {perf ? (
        <CartesianChart
          type="bar"
          title="API performance"
          labels={perf.labels}
          tableLabels={perf.tableLabels}
          categoryHeader="Day"
          series={series}
          summary={perf.summary}
          formatValue={formatMs}
        />
      ) : (
        <ChartSkeleton />
      )}
    </Card>
  );
}
