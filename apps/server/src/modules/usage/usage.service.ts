import type { Executor } from '../../db/executor';
import type { UsageBucket, UsageRange, UsageResponse } from '@altwise/shared';
import { nextPlan } from '@altwise/shared';
import { createBatchWriter } from '../../platform/batch-writer';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import type { UsageEvent, UsageRecorder } from './quota-decision';
import type { AccountQuotaService } from './quota.service';
import type { EventRow, OutcomeTotals, UsageRepository } from './usage.repository';
import { DAY_MS, HOUR_MS, windowsAt } from './usage-windows';

/** 24h: the 24 clock hours ending with the current one; the others: UTC days ending today. */
const RANGES: Record<UsageRange, { bucketMs: number; buckets: number }> = {
  '24h': { bucketMs: HOUR_MS, buckets: 24 },
  '7d': { bucketMs: DAY_MS, buckets: 7 },
  '30d': { bucketMs: DAY_MS, buckets: 30 },
  '90d': { bucketMs: DAY_MS, buckets: 90 },
};

export interface KeyUsage {
  hour: number;
  day: number;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
const average = (totalMs: number, count: number) => (count > 0 ? Math.round(totalMs / count) : 0);

/** Tokens of every outcome: a unit refunded after its model call (its row was gone) still cost them. */
function tokensOf(rows: OutcomeTotals[]) {
  return rows.reduce(
    (sum, row) => ({
      inputTokens: sum.inputTokens + row.inputTokens,
      outputTokens: sum.outputTokens + row.outputTokens,
      cachedInputTokens: sum.cachedInputTokens + row.cachedInputTokens,
    }),
    { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
  );
}

function totalsBy(rows: OutcomeTotals[], outcome: string) {
  return rows
    .filter((row) => row.outcome === outcome)
    .reduce((sum, row) => ({ images: sum.images + row.images, requests: sum.requests + row.requests, ms: sum.ms + row.processingMs }), {
      images: 0,
      requests: 0,
      ms: 0,
    });
}

/**
 * Usage events and the analytics over them. Every count is in images (a batch of 10 counts 10,
 * as the quota does); response times are per request, of successful requests only.
 */
export function createUsageService(ctx: Pick<AppContext, 'db' | 'now'>, deps: { quota: Pick<AccountQuotaService, 'status'>; usage: UsageRepository }) {
  const { usage } = deps;
  // Every request records an event: concurrent ones share a transaction (see batch-writer.ts), and
  // each still waits for its own commit. Reads flush first, so they include requests committing now.
  const events = createBatchWriter<EventRow>({
    writeBatch: (rows) => ctx.db.transaction().execute((trx) => usage.insertMany(rows, trx)),
  });

  /** Admitted images (success and error; throttled were never charged) per key, this hour and today. */
  async function keyUsage(userId: string, keyIds: string[], at: number = ctx.now()): Promise<Map<string, KeyUsage>> {
    const { hourStart, dayStart } = windowsAt(at);
    await events.flush();
    const result = new Map(keyIds.map((id) => [id, { hour: 0, day: 0 }]));
    for (const row of await usage.admittedImagesByKey(userId, keyIds, dayStart)) {
      const entry = result.get(row.apiKeyId);
      if (!entry) continue;
      entry.day += row.images;
      if (row.hourStart === hourStart) entry.hour += row.images;
    }
    return result;
  }

  const recorder: UsageRecorder = {
    async record(event: UsageEvent): Promise<void> {
      await events.write({ ...event, at: ctx.now() });
    },
  };

  return {
    record: recorder.record,
    keyUsage,

    async report(caller: Caller, range: UsageRange): Promise<UsageResponse> {
      const at = ctx.now();
      const { hourStart, dayStart } = windowsAt(at);
      const { bucketMs, buckets } = RANGES[range];
      const from = (bucketMs === HOUR_MS ? hourStart : dayStart) - (buckets - 1) * bucketMs;
      await events.flush();
      const [status, seriesRows, todayRows, keys] = await Promise.all([
        deps.quota.status(caller.userId, at),
        usage.series(caller.userId, from, from + buckets * bucketMs, bucketMs),
        usage.series(caller.userId, dayStart, dayStart + DAY_MS, DAY_MS),
        caller.apiKeyId ? keyUsage(caller.userId, [caller.apiKeyId], at) : null,
      ]);

      const series: UsageBucket[] = Array.from({ length: buckets }, (_, index) => {
        const rows = seriesRows.filter((row) => row.bucket === index);
        const success = totalsBy(rows, 'success');
        return {
          start: new Date(from + index * bucketMs).toISOString(),
          success: success.images,
          error: totalsBy(rows, 'error').images,
          throttled: totalsBy(rows, 'throttled').images,
          avgResponseTime: average(success.ms, success.requests),
          ...tokensOf(rows),
        };
      });

      const success = totalsBy(todayRows, 'success');
      const errors = totalsBy(todayRows, 'error');
      const total = success.images + errors.images + totalsBy(todayRows, 'throttled').images;
      const upgrade = nextPlan(status.plan);
      const window = (w: typeof status.hour) => ({
        used: w.used,
        remaining: w.remaining,
        limit: w.limit,
        resetTime: new Date(w.resetAt).toISOString(),
      });

      return {
        currentUsage: { hour: window(status.hour), day: window(status.day) },
        trends: {
          totalRequestsToday: total,
          successRate: total === 0 ? 100 : percent(success.images, total),
          errorRate: total === 0 ? 0 : percent(errors.images, total),
          avgResponseTime: average(success.ms, success.requests),
        },
        planDetails: { plan: status.plan, upgradeAvailable: upgrade !== null, nextPlan: upgrade?.id ?? null },
        series: { range, buckets: series },
        ...(caller.apiKeyId && keys ? { key: { id: caller.apiKeyId, usage: keys.get(caller.apiKeyId)! } } : {}),
      };
    },

    /** After the account's queued events are committed, so none is written after it is detached. */
    async detachUser(userId: string, trx?: Executor): Promise<void> {
      await events.flush();
      await usage.detachUser(userId, trx);
    },
    rebuildRollups: async () => {
      await events.flush();
      await usage.rebuildRollups();
    },
    /** Commits every queued event; later ones are written one by one (app close). */
    close: () => events.close(),
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
