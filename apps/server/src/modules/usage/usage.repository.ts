import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import { sql } from 'kysely';
import type { Database, UsageRollupsTable } from '../../db/schema';
import type { UsageEvent } from './quota-decision';
import { HOUR_MS, startOfHour } from './usage-windows';

export type EventRow = UsageEvent & { at: number };

/** Totals of one outcome (in one bucket): requests, images, their summed processing time and tokens. */
export interface OutcomeTotals {
  outcome: string;
  requests: number;
  images: number;
  processingMs: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

type UsageRollupRow = Insertable<UsageRollupsTable>;

// usage_rollups.api_key_id is part of the primary key, so bearer requests are stored as ''.
const NO_KEY = '';

// better-sqlite3 binds JS numbers as REAL, which would make `/` a real division; the casts keep it
// an integer division on SQLite and state the type PostgreSQL would infer anyway.
const int = (value: number) => sql<number>`cast(${value} as bigint)`;

export function createUsageRepository(db: Kysely<Database>) {
  return {
    /**
     * Events and their hourly rollups move together in one transaction, so analytics never
     * disagree with the log: one multi-row INSERT of the events, then one upsert per distinct
     * (account, hour, key, outcome), summed here first (PostgreSQL refuses to update a row twice
     * in one statement) and sorted, so concurrent writers lock rollup rows in the same order.
     * Runs on the caller's transaction: the settlement of a unit writes its event in the same one.
     */
    async insertMany(events: EventRow[], trx: Executor): Promise<void> {
      if (events.length === 0) return;
      const rollups = new Map<string, UsageRollupRow>();
      for (const event of events) {
        const row: UsageRollupRow = {
          user_id: event.userId,
          bucket_start: startOfHour(event.at),
          api_key_id: event.apiKeyId ?? NO_KEY,
          outcome: event.outcome,
          requests: 1,
          images: event.images,
          processing_ms: event.processingMs,
          input_tokens: event.tokens?.inputTokens ?? 0,
          output_tokens: event.tokens?.outputTokens ?? 0,
          cached_input_tokens: event.tokens?.cachedInputTokens ?? 0,
        };
        const key = JSON.stringify([row.user_id, row.bucket_start, row.api_key_id, row.outcome]);
        const existing = rollups.get(key);
        if (existing) {
          existing.requests += 1;
          existing.images += row.images;
          existing.processing_ms += row.processing_ms;
          existing.input_tokens = Number(existing.input_tokens) + Number(row.input_tokens);
          existing.output_tokens = Number(existing.output_tokens) + Number(row.output_tokens);
          existing.cached_input_tokens = Number(existing.cached_input_tokens) + Number(row.cached_input_tokens);
        } else rollups.set(key, row);
      }
      const ordered = [...rollups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      {
        await trx
          .insertInto('usage_events')
          .values(
            events.map((event) => ({
              user_id: event.userId,
              api_key_id: event.apiKeyId,
              endpoint: event.endpoint,
              outcome: event.outcome,
              images: event.images,
              processing_ms: event.processingMs,
              cached: event.cached ? 1 : 0,
              created_at: event.at,
              input_tokens: event.tokens?.inputTokens ?? 0,
              output_tokens: event.tokens?.outputTokens ?? 0,
              cached_input_tokens: event.tokens?.cachedInputTokens ?? 0,
            })),
          )
          .execute();
        await trx
          .insertInto('usage_rollups')
          .values(ordered)
          .onConflict((oc) =>
            oc.columns(['user_id', 'bucket_start', 'api_key_id', 'outcome']).doUpdateSet({
              requests: sql<number>`usage_rollups.requests + excluded.requests`,
              images: sql<number>`usage_rollups.images + excluded.images`,
              processing_ms: sql<number>`usage_rollups.processing_ms + excluded.processing_ms`,
              input_tokens: sql<number>`usage_rollups.input_tokens + excluded.input_tokens`,
              output_tokens: sql<number>`usage_rollups.output_tokens + excluded.output_tokens`,
              cached_input_tokens: sql<number>`usage_rollups.cached_input_tokens + excluded.cached_input_tokens`,
            }),
          )
          .execute();
      }
    },

    /**
     * Per bucket and outcome over [from, to): bucket = (hour - from) / bucketMs, an integer division
     * on both dialects, grouped in SQL. Reads the rollups through their primary key (user, hour).
     */
    async series(userId: string, from: number, to: number, bucketMs: number): Promise<Array<OutcomeTotals & { bucket: number }>> {
      const bucket = sql<number>`(bucket_start - ${int(from)}) / ${int(bucketMs)}`;
      const rows = await db
        .selectFrom('usage_rollups')
        .select([
          bucket.as('bucket'),
          'outcome',
          sql<number>`sum(requests)`.as('requests'),
          sql<number>`sum(images)`.as('images'),
          sql<number>`sum(processing_ms)`.as('processing_ms'),
          sql<number>`sum(input_tokens)`.as('input_tokens'),
          sql<number>`sum(output_tokens)`.as('output_tokens'),
          sql<number>`sum(cached_input_tokens)`.as('cached_input_tokens'),
        ])
        .where('user_id', '=', userId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        // By position: the bucket expression carries parameters, and PostgreSQL matches GROUP BY
        // expressions textually, so repeating it would not match the selected one.
        .groupBy([sql`1`, sql`2`])
        .execute();
      return rows.map((row) => ({
        bucket: Number(row.bucket),
        outcome: row.outcome,
        requests: Number(row.requests),
        images: Number(row.images),
        processingMs: Number(row.processing_ms),
        inputTokens: Number(row.input_tokens),
        outputTokens: Number(row.output_tokens),
        cachedInputTokens: Number(row.cached_input_tokens),
      }));
    },

    /** Admitted images (success or error, not throttled) per key and hour since `from`. */
    async admittedImagesByKey(
      userId: string,
      keyIds: string[],
      from: number,
    ): Promise<Array<{ apiKeyId: string; hourStart: number; images: number }>> {
      if (keyIds.length === 0) return [];
      const rows = await db
        .selectFrom('usage_rollups')
        .select(['api_key_id', 'bucket_start', sql<number>`sum(images)`.as('images')])
        .where('user_id', '=', userId)
        .where('bucket_start', '>=', from)
        .where('api_key_id', 'in', keyIds)
        .where('outcome', '!=', 'throttled')
        .groupBy(['api_key_id', 'bucket_start'])
        .execute();
      return rows.map((row) => ({ apiKeyId: row.api_key_id, hourStart: Number(row.bucket_start), images: Number(row.images) }));
    },

    /** Retention: raw events older than RETENTION_DAYS go; the hourly rollups stay. */
    async deleteEventsBefore(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('usage_events').where('created_at', '<', before).execute();
    },

    /** After an account is deleted its events stay (anonymous) for the totals; its rollups go. */
    async detachUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('usage_events').set({ user_id: null, api_key_id: null }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('usage_rollups').where('user_id', '=', userId).execute();
    },

    /** Rebuilds the rollups from the event log (after a bulk load such as the benchmark's seed). */
    async rebuildRollups(): Promise<void> {
      const hour = sql`(created_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('usage_rollups').execute();
        await sql`
          insert into usage_rollups (user_id, bucket_start, api_key_id, outcome, requests, images, processing_ms, input_tokens, output_tokens, cached_input_tokens)
          select user_id, ${hour}, coalesce(api_key_id, ${sql.lit(NO_KEY)}), outcome, count(*), sum(images), sum(processing_ms),
                 sum(input_tokens), sum(output_tokens), sum(cached_input_tokens)
          from usage_events where user_id is not null
          group by 1, 2, 3, 4
        `.execute(trx);
      });
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
