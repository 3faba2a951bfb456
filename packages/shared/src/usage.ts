import { z } from 'zod';

export const USAGE_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

export const usageQuerySchema = z.object({ range: z.enum(USAGE_RANGES).default('7d') });

// The quota's "requests" are images: a batch of N URLs counts N (the API keeps the original field names: docs/product-decisions.md#quotas).
const windowSchema = z.object({
  used: z.number().int().describe('Images counted against this window (a batch of N counts N)'),
  remaining: z.number().int().describe('Images still allowed in this window'),
  limit: z.number().int().describe("The plan's images per window (the plan's requestsPerHour or requestsPerDay)"),
  resetTime: z.string(),
});

export const usageBucketSchema = z.object({
  start: z.string(),
  success: z.number().int().describe('Images described successfully in this bucket'),
  error: z.number().int().describe('Images that failed in this bucket'),
  throttled: z.number().int().describe('Images refused by the quota in this bucket'),
  avgResponseTime: z
    .number()
    .describe('Mean processing time in ms of the successful requests of this bucket (0 when none succeeded)'),
  // The "tokens" series: what the vision model billed, as the provider reported it (docs/cost.md).
  inputTokens: z
    .number()
    .int()
    .describe('Input tokens the provider reported for the model calls of this bucket (0 for cache hits and the offline describer)'),
  outputTokens: z.number().int().describe('Output tokens the provider reported for the model calls of this bucket'),
  cachedInputTokens: z
    .number()
    .int()
    .describe('Of the input tokens, those the provider served from its prompt cache'),
});
export type UsageBucket = z.infer<typeof usageBucketSchema>;

export const usageResponseSchema = z.object({
  currentUsage: z.object({ hour: windowSchema, day: windowSchema }),
  trends: z.object({
    totalRequestsToday: z
      .number()
      .int()
      .describe('Images requested today (UTC), whatever their outcome: successful, failed and throttled'),
    successRate: z.number().describe('Percent of those images that succeeded (100 when there were none)'),
    errorRate: z.number().describe('Percent of those images that failed'),
    avgResponseTime: z.number().describe('Mean processing time in ms of the successful requests today'),
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
