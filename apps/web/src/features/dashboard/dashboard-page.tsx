import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { QueryErrorState } from '@/components/query-error';
import { apiKeyListQueryOptions, countActiveKeys } from '@/lib/api/list-api-keys';
import { useAuthStore } from '@/lib/auth-store';
import { usageQueryOptions } from '@/lib/api/get-usage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useErrorToast } from '@/lib/use-error-toast';
import { EmailVerificationNotice } from '@/components/email-verification-notice';
import { DailyUsageCard, PerformanceCard, WeeklyUsageCard } from './components/dashboard-charts';
import { DashboardStats } from './components/dashboard-stats';
import { QuickActions } from './components/quick-actions';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  // Live figures: refetch on every visit, whatever is cached.
  const user = useAuthStore((state) => state.user);
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
        {/* Where a new account lands after registering: the link to follow is said here, not only on Profile. */}
        <EmailVerificationNotice user={user} />
        <DashboardStats
          usage={usage.data}
          usageLoading={usage.isPending}
          activeKeys={activeKeys}
          keysLoading={keys.isPending}
        />
        {usageFailed ? (
          <QueryErrorState title="We couldn't load your usage" query={usage} />
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
