import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { apiKeyListQueryOptions, countActiveKeys } from '@/lib/api-keys-query';
import { errorMessage } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useErrorToast } from '@/lib/use-error-toast';
import { DailyUsageCard, PerformanceCard, WeeklyUsageCard } from './components/dashboard-charts';
import { DashboardStats } from './components/dashboard-stats';
import { QuickActions } from './components/quick-actions';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  // Live figures: refetch on every visit, whatever is cached.
  const usage = useQuery({ ...usageQueryOptions('7d'), refetchOnMount: 'always' });
  const keys = useQuery({ ...apiKeyListQueryOptions(), refetchOnMount: 'always' });
  useErrorToast(usage.error);
  useErrorToast(keys.error);

  const activeKeys = keys.data ? countActiveKeys(keys.data) : undefined;
  const usageFailed = usage.isError && !usage.data;

  return (
    <>
      <PageHeader title="Dashboard" description="Your alt-text activity at a glance." />
      <div className="space-y-6">
        <DashboardStats
          usage={usage.data}
          usageLoading={usage.isPending}
          activeKeys={activeKeys}
          keysLoading={keys.isPending}
        />
        {usageFailed ? (
          <EmptyState
            icon={AlertTriangle}
            title="We couldn't load your usage"
            description={errorMessage(usage.error)}
            action={
              <Button
                variant="outline"
                leftIcon={<RotateCw className="size-4" aria-hidden="true" />}
                isLoading={usage.isFetching}
                loadingText="Retrying..."
                onClick={() => void usage.refetch()}
              >
                Retry
              </Button>
            }
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            <WeeklyUsageCard usage={usage.data} />
            <DailyUsageCard usage={usage.data} />
            <PerformanceCard usage={usage.data} />
            <QuickActions />
          </div>
        )}
        {usageFailed && <QuickActions />}
      </div>
    </>
  );
}
