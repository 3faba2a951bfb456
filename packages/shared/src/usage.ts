import { z } from 'zod';

export const USAGE_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

export const usageQuerySchema = z.object({ range: z.enum(USAGE_RANGES).default('7d') });

const windowSchema = z.object({
  used: z.number().int(),
  remaining: z.number().int(),
  limit: z.number().int(),
  resetTime: z.string(),
});

export const usageBucketSchema = z.object({
  start: z.string(),
  success: z.number().int(),
  error: z.number().int(),
  throttled: z.number().int(),
  avgResponseTime: z.number(),
});
export type UsageBucket = z.infer<typeof usageBucketSchema>;

export const usageResponseSchema = z.object({
  currentUsage: z.object({ hour: windowSchema, day: windowSchema }),
  trends: z.object({
    totalRequestsToday: z.number().int(),
    successRate: z.number(),
    errorRate: z.number(),
    avgResponseTime: z.number(),
  }),
  planDetails: z.object({
    plan: z.string(),
    upgradeAvailable: z.boolean(),
    nextPlan: z.string().nullable(),
  }),
  series: z.object({ range: z.enum(USAGE_RANGES), buckets: z.array(usageBucketSchema) }),
  /** Present when the request was made with X-API-Key: that key's own figures. */
  key: z
    .object({ id: z.string(), usage: z.object({ hour: z.number().int(), day: z.number().int() }) })
    .optional(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;
