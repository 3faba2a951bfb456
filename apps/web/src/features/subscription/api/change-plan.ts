import type { Plan } from '@altwise/shared';
import { subscriptionResponseSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { getProfile, PROFILE_QUERY_KEY } from '@/lib/api/get-profile';
import { toast } from '@/lib/toast';
import { SUBSCRIPTION_QUERY_KEY } from './get-subscription';

/**
 * The payment-method reference sent with a paid plan. Card details are collected by a payment
 * processor, never by us; this demo reference stands for what that processor would return.
 */
export const DEMO_PAYMENT_METHOD_ID = 'pm_altwise_demo';

export function isFreePlan(plan: Pick<Plan, 'price'>): boolean {
  return plan.price === 0;
}

/**
 * POST /user/subscription (a paid plan) or DELETE /user/subscription (back to free). With Stripe
 * the answer names a page to go to (Checkout, or the customer portal): the plan changes only
 * once Stripe confirms, so the caller leaves for that page instead of announcing a change.
 */
export async function changePlan(plan: Pick<Plan, 'id' | 'price'>): Promise<{ redirectUrl: string | null }> {
  const payload = isFreePlan(plan)
    ? await api.delete<unknown>('/user/subscription')
    : await api.post<unknown>('/user/subscription', { planId: plan.id, paymentMethodId: DEMO_PAYMENT_METHOD_ID });
  const parsed = subscriptionResponseSchema.safeParse(payload);
  return { redirectUrl: parsed.success ? (parsed.data.redirectUrl ?? null) : null };
}

/** Leaves for a payment page (a seam for tests). */
export const navigation = { leaveFor: (url: string) => window.location.assign(url) };

export function successMessage(plan: Pick<Plan, 'name' | 'price'>): string {
  return isFreePlan(plan)
    ? `Successfully downgraded to ${plan.name} plan`
    : `Successfully upgraded to ${plan.name} plan!`;
}

/**
 * Changes the plan, then refreshes what depends on it: the subscription, the stored user
 * (the top bar's "<plan> Plan") and usage (limits). Success and failure end in a toast; the
 * mutation stays pending until the refresh is done, so "Processing..." covers both.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((state) => state.setUser);

  const refreshProfile = async () => {
    try {
      const profile = await getProfile();
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      setUser(profile.user);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return useMutation({
    mutationFn: (plan: Plan) => changePlan(plan),
    onSuccess: async (result, plan) => {
      if (result.redirectUrl) {
        navigation.leaveFor(result.redirectUrl);
        return;
      }
      toast.success(successMessage(plan));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['usage'] }),
        refreshProfile(),
      ]);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
