import type { UsageResponse } from '@altwise/shared';
import { Clock } from 'lucide-react';
import { Card, CardHeader } from '@/components/card';
import { ProgressBar } from '@/components/progress-bar';
import { capitalize, formatNumber } from '@/lib/format';
import { localTime } from '../usage-data';

type Window = UsageResponse['currentUsage']['hour'];

function WindowBar({ label, window, resetText }: { label: string; window: Window; resetText: string }) {
  return (
    <div>
      <ProgressBar
        label={label}
        value={window.used}
        max={Math.max(window.limit, 1)}
        valueText={`${formatNumber(window.used)} / ${formatNumber(window.limit)} requests`}
        tone="auto"
      />
      <p className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-300">
        <span>{formatNumber(window.remaining)} remaining</span>
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          {resetText}
        </span>
      </p>
    </div>
  );
}

/** Hourly and daily quota of the plan, with when each resets. */
export function PlanUsage({ usage }: { usage: UsageResponse }) {
  const { hour, day } = usage.currentUsage;
  const hourReset = localTime(hour.resetTime);
  return (
    <Card>
      <CardHeader
        title="Plan Usage Overview"
        description={`${capitalize(usage.planDetails.plan)} plan limits, shared by all your API keys`}
      />
      <div className="grid gap-8 md:grid-cols-2">
        <WindowBar
          label="Hourly usage"
          window={hour}
          resetText={hourReset ? `Resets at ${hourReset}` : 'Resets at the top of the hour'}
        />
        <WindowBar label="Daily usage" window={day} resetText="Resets at midnight" />
      </div>
    </Card>
  );
}

/** The overview's shape while usage loads. */
export function PlanUsageSkeleton() {
  return (
    <Card>
      <CardHeader title="Plan Usage Overview" />
      <div className="grid animate-pulse gap-8 md:grid-cols-2">
        {[0, 1].map((index) => (
          <div key={index} className="h-16 rounded-xl bg-gray-100 dark:bg-gray-800" />
        ))}
      </div>
      <span className="sr-only">Loading plan usage</span>
    </Card>
  );
}
