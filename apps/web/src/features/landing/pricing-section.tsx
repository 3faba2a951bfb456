import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { cn } from '@/lib/cn';

/** The marketing cards (docs/product-decisions.md#plan-catalogues; the enforced in-app catalogue lives in @altwise/shared). */
const plans = [
  {
    name: 'Free',
    price: '$0',
    description: 'For trying Altwise on a personal site.',
    features: ['250 images per month', 'Basic alt text', 'WCAG compliance checking', 'API access'],
    cta: 'Get Started Free',
    popular: false,
  },
  {
    name: 'Starter',
    price: '$19',
    description: 'For growing sites and small teams.',
    features: [
      '1,000 images per month',
      'Priority processing',
      'Advanced context analysis',
      'API access and webhooks',
      'Email support',
    ],
    cta: 'Choose Starter',
    popular: true,
  },
  {
    name: 'Pro',
    price: '$49',
    description: 'For agencies and high-volume publishers.',
    features: [
      '5,000 images per month',
      'Custom model training',
      'Batch processing',
      'Advanced analytics',
      'Priority support',
      'Custom integrations',
    ],
    cta: 'Choose Pro',
    popular: false,
  },
];

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-white py-20 sm:py-24 dark:bg-gray-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">Pricing</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
            Simple, transparent pricing
          </h2>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">Start free. Upgrade when your images outgrow it.</p>
        </div>
        <ul className="mt-14 grid items-stretch gap-8 lg:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-3xl border bg-white p-8 dark:bg-gray-900',
                plan.popular
                  ? 'border-blue-600 shadow-xl shadow-blue-700/10 ring-1 ring-blue-600 lg:-my-4 lg:py-12 dark:border-blue-400 dark:ring-blue-400'
                  : 'border-gray-200 shadow-sm dark:border-gray-800',
              )}
            >
              {plan.popular && (
                <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-blue-700 to-violet-700 px-4 py-1 text-xs font-semibold text-white shadow">
                  Most Popular
                </p>
              )}
              <h3 className="text-xl font-semibold text-gray-900 dark:text-white">{plan.name}</h3>
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-5xl font-extrabold tracking-tight text-gray-900 dark:text-white">{plan.price}</span>
                <span className="text-base font-medium text-gray-600 dark:text-gray-300">/month</span>
              </p>
              <ul className="mt-8 flex-1 space-y-3 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-3 text-gray-700 dark:text-gray-200">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to="/register"
                className={buttonClasses({ variant: plan.popular ? 'gradient' : 'outline', size: 'lg', fullWidth: true, className: 'mt-8' })}
              >
                {plan.cta}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
