import type { Plan } from '@altwise/shared';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import type { ButtonVariant } from '@/components/button';
import { cardClasses } from '@/components/card';
import { cn } from '@/lib/cn';
import { formatPlanPrice, planColorClasses, planIcon } from '../plan-display';
import type { PlanButtonState } from '../plan-display';

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  button: PlanButtonState;
  onChoose(plan: Plan): void;
}

function buttonVariant(plan: Plan, isCurrent: boolean): ButtonVariant {
  if (isCurrent) return 'secondary';
  if (plan.price === 0) return 'outline';
  return plan.popular ? 'gradient' : 'primary';
}

/** One plan of the catalogue: icon, name, description, price, button, what's included, limitations. */
export function PlanCard({ plan, isCurrent, button, onChoose }: PlanCardProps) {
  const nameId = useId();
  const Icon = planIcon(plan.icon);
  const price = formatPlanPrice(plan);
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        cardClasses,
        'relative flex h-full flex-col p-6',
        plan.popular && 'border-blue-600 ring-1 ring-blue-600 dark:border-blue-400 dark:ring-blue-400',
        isCurrent && !plan.popular && 'border-green-600 dark:border-green-500',
      )}
    >
      {/* Badges; an empty row keeps the cards' content aligned side by side (large screens only). */}
      <div className={cn('flex min-h-6 flex-wrap gap-2', !plan.popular && !isCurrent && 'hidden lg:flex')}>
        {plan.popular && <Badge tone="blue">Most Popular</Badge>}
        {isCurrent && (
          <Badge tone="green">
            <Check className="size-3.5" aria-hidden="true" />
            Current Plan
          </Badge>
        )}
      </div>
      <div className={cn('flex items-center gap-3', plan.popular || isCurrent ? 'mt-4' : 'lg:mt-4')}>
        <span className={cn('rounded-xl p-3', planColorClasses(plan.color))}>
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 id={nameId} className="text-xl font-bold text-gray-900 dark:text-white">
          {plan.name}
        </h2>
      </div>
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white" aria-hidden={price.period ? true : undefined}>
          {price.amount}
        </span>
        {price.period && (
          <>
            <span className="text-base font-medium text-gray-600 dark:text-gray-300" aria-hidden="true">
              {price.period}
            </span>
            <span className="sr-only">{price.spoken}</span>
          </>
        )}
      </p>
      <Button
        className="mt-6"
        fullWidth
        size="lg"
        variant={buttonVariant(plan, isCurrent)}
        disabled={button.disabled}
        isLoading={button.busy}
        loadingText="Processing..."
        onClick={() => onChoose(plan)}
      >
        {button.label}
      </Button>
      <h3 className="mt-8 text-sm font-semibold text-gray-900 dark:text-white">What&apos;s included</h3>
      <ul className="mt-3 space-y-2.5">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5 text-sm text-gray-700 dark:text-gray-200">
            <Check className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.limitations.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-gray-900 dark:text-white">Limitations</h3>
          <ul className="mt-3 space-y-2.5">
            {plan.limitations.map((limitation) => (
              <li key={limitation} className="flex gap-2.5 text-sm text-gray-600 dark:text-gray-300">
                <X className="mt-0.5 size-4 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden="true" />
                {limitation}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
