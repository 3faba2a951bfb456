import type { UsageResponse } from '@altwise/shared';
import { Activity, AlertTriangle, CheckCircle2, Timer } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { formatMs, formatNumber, formatPercent } from '@/lib/format';

/** Total Requests Today, Avg Response Time, Success Rate, Error Rate. */
export function UsageStats({ trends, isLoading }: { trends: UsageResponse['trends'] | undefined; isLoading: boolean }) {
  const show = (format: (value: number) => string, value: number | undefined) =>
    value === undefined ? '—' : format(value);
  return (
    <ul aria-label="Today's figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <li>
        <StatCard
          label="Total Requests Today"
          value={show(formatNumber, trends?.totalRequestsToday)}
          icon={Activity}
          tone="blue"
          isLoading={isLoading}
          className="h-full"
        />
      </li>
      <li>
        <StatCard
          label="Avg Response Time"
          value={show(formatMs, trends?.avgResponseTime)}
          hint="Today"
          icon={Timer}
          tone="violet"
          isLoading={isLoading}
          className="h-full"
        />
      </li>
      <li>
        <StatCard
          label="Success Rate"
          value={show(formatPercent, trends?.successRate)}
          hint="Today"
          icon={CheckCircle2}
          tone="green"
          isLoading={isLoading}
          className="h-full"
        />
      </li>
      <li>
        <StatCard
          label="Error Rate"
          value={show(formatPercent, trends?.errorRate)}
          hint="Today"
          icon={AlertTriangle}
          tone="red"
          isLoading={isLoading}
          className="h-full"
        />
      </li>
    </ul>
  );
}
