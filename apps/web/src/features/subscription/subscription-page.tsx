import { ALREADY_ON_PLAN_MESSAGE } from '@altwise/shared';
import type { Plan } from '@altwise/shared';
import { cardClasses } from '@/components/card';
import { QueryErrorState } from '@/components/query-error';
import { useAuthStore } from '@/lib/auth-store';
import { planOf } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useErrorToast } from '@/lib/use-error-toast';
import { useChangePlan } from './api/change-plan';
import { usePlans } from './api/get-plans';
import { useSubscription } from './api/get-subscription';
import { useState } from 'react';
import { DowngradeConfirmModal } from './components/downgrade-confirm-modal';
import { PlanCard } from './components/plan-card';
import { PlanFaq } from './components/plan-faq';
import { TrustStrip } from './components/trust-strip';
import { planButtonState } from './plan-display';

/** The catalogue entry of a plan id; an unknown or missing plan is the free plan (docs/product-decisions.md#plan-catalogues). */
function resolvePlan(plans: readonly Plan[], id: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.id === id) ?? plans.find((plan) => plan.price === 0) ?? plans[0];
}

function PlanSkeletons() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className={`${cardClasses} h-[30rem] animate-pulse p-6`}>
          <div className="h-12 w-12 rounded-xl bg-gray-200 dark:bg-gray-700" />
          <div className="mt-4 h-6 w-1/3 rounded bg-gray-200 dark:bg-gray-700" />
          <div className="mt-3 h-4 w-2/3 rounded bg-gray-200 dark:bg-gray-700" />
          <div className="mt-6 h-10 w-1/2 rounded bg-gray-200 dark:bg-gray-700" />
        </div>
      ))}
    </div>
  );
}

export default function SubscriptionPage() {
  useDocumentTitle('Choose Your Plan');
  const plans = usePlans();
  const subscription = useSubscription();
  const changePlan = useChangePlan();
  const storedPlan = useAuthStore((state) => planOf(state.user));
  useErrorToast(plans.error);
  useErrorToast(subscription.error);

  const catalogue = plans.data ?? [];
  // Until the subscription answers (or if it cannot), the stored user's plan names the current
  // one; the buttons wait for an answer either way.
  const current = resolvePlan(catalogue, subscription.data?.subscription.plan ?? storedPlan);
  const billing = subscription.data?.billing ?? null;
  const canBuyPaidPlans = billing?.mode !== 'none';
  const settled = subscription.data !== undefined || subscription.isError;
  const currentPlanId = settled ? (current?.id ?? null) : null;
  const processingPlanId = changePlan.isPending ? (changePlan.variables?.id ?? null) : null;

  const [pendingDowngrade, setPendingDowngrade] = useState<Plan | null>(null);

  const onChoose = (plan: Plan) => {
    if (plan.id === currentPlanId) {
      toast.error(ALREADY_ON_PLAN_MESSAGE);
      return;
    }
    // A cheaper plan takes features away at once: confirmed first.
    if (current && plan.price < current.price) {
      setPendingDowngrade(plan);
      return;
    }
    changePlan.mutate(plan);
  };

  return (
    <>
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">Choose Your Plan</h1>
        <p className="mt-3 text-lg text-gray-600 dark:text-gray-300">
          Scale your AI alt-text generation with a plan that grows with your images.
        </p>
        <p className="mt-4 text-sm font-medium text-gray-700 dark:text-gray-200">
          {current ? (
            <>
              Currently on: <span className="font-semibold text-blue-800 dark:text-blue-200">{current.name} plan</span>
            </>
          ) : (
            <span className="inline-block h-5 w-40 animate-pulse rounded bg-gray-200 align-middle dark:bg-gray-700">
              <span className="sr-only">Loading your plan</span>
            </span>
          )}
        </p>
        {billing?.notice ? (
          <p
            role="note"
            className="mx-auto mt-4 max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {billing.notice}
          </p>
        ) : null}
      </div>

      {plans.isError && !plans.data ? (
        <QueryErrorState title="We couldn't load the plans" query={plans} />
      ) : plans.isPending ? (
        <PlanSkeletons />
      ) : (
        <ul aria-label="Plans" className="grid items-stretch gap-6 lg:grid-cols-3">
          {catalogue.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                isCurrent={plan.id === currentPlanId}
                button={planButtonState(plan, { currentPlanId, processingPlanId, canBuyPaidPlans })}
                onChoose={onChoose}
              />
            </li>
          ))}
        </ul>
      )}

      <div className="mt-12 space-y-10">
        <TrustStrip />
        <PlanFaq />
      </div>

      <DowngradeConfirmModal
        from={current}
        to={pendingDowngrade}
        onCancel={() => setPendingDowngrade(null)}
        onConfirm={(plan) => {
          setPendingDowngrade(null);
          changePlan.mutate(plan);
        }}
      />
    </>
  );
}
