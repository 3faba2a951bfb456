import type { Plan } from '@altwise/shared';
import { Building2, Crown, Rocket, Sparkles, Star, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatCurrency } from '@/lib/format';

/** The catalogue names icons; unknown names get a neutral one. */
const ICONS: Record<string, LucideIcon> = {
  zap: Zap,
  crown: Crown,
  building: Building2,
  'building-2': Building2,
  rocket: Rocket,
  star: Star,
  sparkles: Sparkles,
};

export function planIcon(name: string): LucideIcon {
  return ICONS[name.toLowerCase()] ?? Sparkles;
}

/** Icon tile colours by the catalogue's colour name (AA in both themes). */
const COLORS: Record<string, string> = {
  gray: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
  blue: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  purple: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  violet: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

export function planColorClasses(color: string): string {
  return COLORS[color.toLowerCase()] ?? COLORS.gray!;
}

export interface PlanPrice {
  /** "Free" or "$29". */
  amount: string;
  /** "/month", or null for a free plan. */
  period: string | null;
  /** For screen readers: "Free" or "$29 per month". */
  spoken: string;
}

/** "Free" when the price is 0, else the dollar amount per period ("$29" + "/month"). */
export function formatPlanPrice(plan: Pick<Plan, 'price' | 'period'>): PlanPrice {
  if (plan.price === 0) return { amount: 'Free', period: null, spoken: 'Free' };
  const amount = formatCurrency(plan.price);
  const period = plan.period.trim();
  if (!period) return { amount, period: null, spoken: amount };
  return { amount, period: `/${period}`, spoken: `${amount} per ${period}` };
}

export interface PlanButtonState {
  label: string;
  disabled: boolean;
  /** That plan's change is in flight: spinner, "Processing...", aria-busy. */
  busy: boolean;
}

export interface PlanButtonContext {
  /** The user's plan id (unknown or missing plans count as the free plan's id upstream). */
  currentPlanId: string | null;
  /** The plan whose change is in flight, if any. */
  processingPlanId: string | null;
  /** False when the server sells no plans (BILLING_PROVIDER=none): only an operator assigns them. */
  canBuyPaidPlans?: boolean;
}

/**
 * docs/product-decisions.md#subscription: "Current Plan" (disabled) on the user's plan, "Downgrade to Free" on the free plan,
 * "Upgrade to <plan name>" otherwise, "Processing..." while that plan's change is in flight.
 * While any change is in flight, every other button waits too.
 */
export function planButtonState(plan: Pick<Plan, 'id' | 'name' | 'price'>, context: PlanButtonContext): PlanButtonState {
  const pending = context.processingPlanId !== null;
  if (context.processingPlanId === plan.id) return { label: 'Processing...', disabled: true, busy: true };
  if (context.currentPlanId === plan.id) return { label: 'Current Plan', disabled: true, busy: false };
  const label = plan.price === 0 ? `Downgrade to ${plan.name}` : `Upgrade to ${plan.name}`;
  const forSale = plan.price === 0 || context.canBuyPaidPlans !== false;
  return { label, disabled: pending || context.currentPlanId === null || !forSale, busy: false };
}
