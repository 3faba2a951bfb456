import type { UsageResponse } from '@altwise/shared';
import { Activity, CheckCircle2, Crown, Key } from 'lucide-react';
import { StatList } from '@/components/stat-card';
import { getPlan } from '@altwise/shared';
import { useAuthStore } from '@/lib/auth-store';
import { formatNumber, formatPercent } from '@/lib/format';

export interface DashboardStatsProps {
  usage: UsageResponse | undefined;
  usageLoading: boolean;
  activeKeys: number | undefined;
  keysLoading: boolean;
}

const unavailable = (
  <span className="text-gray-600 dark:text-gray-300">
    <span aria-hidden="true">—</span>
    <span className="sr-only">Not available</span>
  </span>
);

/** Total Requests (today), Success Rate, Active API Keys, Current Plan. */
export function DashboardStats({ usage, usageLoading, activeKeys, keysLoading }: DashboardStatsProps) {
  // The plan is known without usage (the signed-in profile has it), so a failed usage load
  // still shows it; the catalogue gives its display name and limit.
  const profilePlan = useAuthStore((state) => state.user?.plan);
  const plan = getPlan(usage?.planDetails.plan ?? profilePlan);
  const hourLimit = usage?.currentUsage.hour.limit ?? plan.limits.requestsPerHour;
  return (
    <StatList
      label="Key figures"
      stats={[
        {
          label: 'Total Requests',
          value: usage ? formatNumber(usage.trends.totalRequestsToday) : unavailable,
          hint: 'Today',
          icon: Activity,
          tone: 'blue',
          isLoading: usageLoading,
        },
        {
          // No request today: no rate to show (the API's 100 for "none failed" is not a success rate).
          label: 'Success Rate',
          value: usage && usage.trends.totalRequestsToday > 0 ? formatPercent(usage.trends.successRate) : unavailable,
          hint: usage && usage.trends.totalRequestsToday === 0 ? 'No requests yet today' : 'Today',
          icon: CheckCircle2,
          tone: 'green',
          isLoading: usageLoading,
        },
        {
          label: 'Active API Keys',
          value: activeKeys === undefined ? unavailable : formatNumber(activeKeys),
          hint: activeKeys === undefined ? undefined : activeKeys === 0 ? 'Create one to call the API' : 'Ready to call the API',
          icon: Key,
          tone: 'violet',
          isLoading: keysLoading,
        },
        {
          label: 'Current Plan',
          value: plan.name,
          hint: `${formatNumber(hourLimit)} requests per hour`,
          icon: Crown,
          tone: 'amber',
          isLoading: usageLoading && !profilePlan,
        },
      ]}
    />
  );
}
