import type { UsageResponse } from '@altwise/shared';
import { Activity, AlertTriangle, CheckCircle2, Timer } from 'lucide-react';
import { StatList } from '@/components/stat-card';
import { formatMs, formatNumber, formatPercent } from '@/lib/format';

/** Total Requests Today, Avg Response Time, Success Rate, Error Rate. */
export function UsageStats({ trends, isLoading }: { trends: UsageResponse['trends'] | undefined; isLoading: boolean }) {
  const show = (format: (value: number) => string, value: number | undefined) =>
    value === undefined ? '—' : format(value);
  return (
    <StatList
      label="Today's figures"
      stats={[
        {
          label: 'Total Requests Today',
          value: show(formatNumber, trends?.totalRequestsToday),
          icon: Activity,
          tone: 'blue',
          isLoading,
        },
        {
          label: 'Avg Response Time',
          value: show(formatMs, trends?.avgResponseTime),
          hint: 'Today',
          icon: Timer,
          tone: 'violet',
          isLoading,
        },
        {
          label: 'Success Rate',
          value: show(formatPercent, trends?.successRate),
          hint: 'Today',
          icon: CheckCircle2,
          tone: 'green',
          isLoading,
        },
        {
          label: 'Error Rate',
          value: show(formatPercent, trends?.errorRate),
          hint: 'Today',
          icon: AlertTriangle,
          tone: 'red',
          isLoading,
        },
      ]}
    />
  );
}
