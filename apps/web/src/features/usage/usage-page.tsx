import { USAGE_RANGES } from '@altwise/shared';
import type { UsageRange } from '@altwise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorState } from '@/components/query-error';
import { SegmentedControl } from '@/components/segmented-control';
import { usageQueryOptions } from '@/lib/api/get-usage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useErrorToast } from '@/lib/use-error-toast';
import { PlanUsage, PlanUsageSkeleton } from './components/plan-usage';
import { UpgradeBanner } from './components/upgrade-banner';
import { UsageCharts } from './components/usage-charts';
import { UsageStats } from './components/usage-stats';

const RANGE_OPTIONS = USAGE_RANGES.map((value) => ({ value, label: value }));
const DEFAULT_RANGE: UsageRange = '7d';

function isRange(value: string | null): value is UsageRange {
  return (USAGE_RANGES as readonly (string | null)[]).includes(value);
}

export default function UsagePage() {
  useDocumentTitle('Usage & Analytics');
  // The range lives in the address (?range=30d), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('range');
  const range = isRange(requested) ? requested : DEFAULT_RANGE;
  const setRange = (next: UsageRange) =>
    setSearchParams(
      (params) => {
        params.set('range', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const usage = useQuery({ ...usageQueryOptions(range), placeholderData: keepPreviousData, refetchOnMount: 'always' });
  useErrorToast(usage.error);
  const data = usage.data;

  return (
    <>
      <PageHeader
        title="Usage & Analytics"
        description="Requests, response times, tokens and how much of your plan you have used."
        actions={<SegmentedControl label="Time range" options={RANGE_OPTIONS} value={range} onChange={setRange} />}
      />
      {usage.isError && !data ? (
        <QueryErrorState title="We couldn't load your usage" query={usage} />
      ) : (
        <div className="space-y-6">
          <UsageStats trends={data?.trends} isLoading={usage.isPending} />
          <UsageCharts series={data?.series} isUpdating={usage.isPlaceholderData} />
          {data ? <PlanUsage usage={data} /> : <PlanUsageSkeleton />}
          {data?.planDetails.upgradeAvailable && (
            <UpgradeBanner plan={data.planDetails.plan} nextPlan={data.planDetails.nextPlan} />
          )}
        </div>
      )}
    </>
  );
}
