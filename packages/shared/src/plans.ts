import { z } from 'zod';

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const planLimitsSchema = z.object({
  requestsPerHour: z.number().int(),
  requestsPerDay: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  period: z.string(),
  color: z.string(),
  icon: z.string(),
  popular: z.boolean(),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
  limits: planLimitsSchema,
  batchAllowed: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({ plans: z.array(planSchema) });

/** The enforced catalogue (docs/product-decisions.md#plan-catalogues): the in-app plans with hourly and daily limits. */
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For trying Altwise and small personal sites',
    price: 0,
    period: 'forever',
    color: 'gray',
    icon: 'zap',
    popular: false,
    features: ['100 requests per hour', '500 requests per day', 'WCAG quality checks', 'API access'],
    limitations: ['No batch processing', 'Community support only'],
    limits: { requestsPerHour: 100, requestsPerDay: 500 },
    batchAllowed: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For teams making whole sites accessible',
    price: 29,
    period: 'month',
    color: 'blue',
    icon: 'crown',
    popular: true,
    features: [
      '2,000 requests per hour',
      '25,000 requests per day',
      'Batch processing',
      'Email support',
      'Usage analytics',
      'API webhooks',
    ],
    limitations: [],
    limits: { requestsPerHour: 2000, requestsPerDay: 25000 },
    batchAllowed: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organisations with large catalogues and strict requirements',
    price: 149,
    period: 'month',
    color: 'purple',
    icon: 'building',
    popular: false,
    features: [
      '20,000 requests per hour',
      '250,000 requests per day',
      'Custom integrations',
      'Dedicated support',
      'SLA',
      'Custom rate limits',
      'On-premise option',
    ],
    limitations: [],
    limits: { requestsPerHour: 20000, requestsPerDay: 250000 },
    batchAllowed: true,
  },
];

/** An unknown or missing plan is treated as free. */
export function getPlan(id: string | null | undefined): Plan {
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0]!;
}

export function isPlanId(id: string): id is PlanId {
  return (PLAN_IDS as readonly string[]).includes(id);
}

/** The next plan up, or null on the top plan. */
export function nextPlan(id: string | null | undefined): Plan | null {
  const index = PLANS.indexOf(getPlan(id));
  return PLANS[index + 1] ?? null;
}
