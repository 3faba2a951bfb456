import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import type { MonitorOccurrencesTable, MonitorRunsTable, MonitorsTable } from '../../db/schema-monitors';

export type MonitorRow = Selectable<MonitorsTable>;
export type RunRow = Selectable<MonitorRunsTable>;
export type OccurrenceRow = Selectable<MonitorOccurrencesTable>;

/** Occurrences are written this many rows per statement (9 parameters each). */
const OCCURRENCES_PER_INSERT = 100;
const FAILING = ['missing', 'poor', 'broken'];

export function createMonitorRepository(db: Kysely<Database>) {
  return {
    async insertMonitor(row: MonitorRow): Promise<void> {
      await db.insertInto('monitors').values(row).execute();
    },

    listMonitors: (userId: string) => db.selectFrom('monitors').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute(),

    async countMonitors(userId: string): Promise<number> {
      const row = await db.selectFrom('monitors').select((eb) => eb.fn.countAll<string | number>().as('count')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    findMonitor: (userId: string, id: string) => db.selectFrom('monitors').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    async updateMonitor(userId: string, id: string, values: Partial<Omit<MonitorRow, 'id' | 'user_id' | 'created_at'>>): Promise<void> {
      await db.updateTable('monitors').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
    },

    async deleteMonitor(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('monitors').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Runs started (or waiting to start) since then: a scheduled run refused by the plan never started and is not one. */
    async countRunsSince(userId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('monitor_runs')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where((eb) => eb.or([eb('status', '!=', 'failed'), eb('started_at', 'is not', null)]))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** The monitor's queued or running run, if any (one at a time per monitor). */
    activeRun: (monitorId: string) =>
      db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId).where('status', 'in', ['queued', 'running']).executeTakeFirst(),

    /** A new queued run, numbered after the monitor's last. */
    async insertRun(row: Omit<RunRow, 'number'>): Promise<RunRow> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('monitor_runs')
          .select((eb) => eb.fn.max('number').as('number'))
          .where('monitor_id', '=', row.monitor_id)
          .executeTakeFirst();
        const full = { ...row, number: Number(last?.number ?? 0) + 1 };
        await trx.insertInto('monitor_runs').values(full).execute();
        return full;
      });
    },

    listRuns: (monitorId: string, limit: number) =>
      db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId).orderBy('number', 'desc').limit(limit).execute(),

    findRun: (monitorId: string, runId: string) =>
      db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId).where('id', '=', runId).executeTakeFirst(),

    getRun: (runId: string) => db.selectFrom('monitor_runs').selectAll().where('id', '=', runId).executeTakeFirst(),

    /** The completed run before `number`, the one a run is compared with. */
    previousCompleted: (monitorId: string, number: number) =>
      db
        .selectFrom('monitor_runs')
        .selectAll()
        .where('monitor_id', '=', monitorId)
        .where('status', '=', 'completed')
        .where('number', '<', number)
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /**
     * Takes one run to work on: a queued one, or a running one whose lease lapsed (its instance
     * died). The update is conditional on what was read, so two instances never both take it.
     */
    async claimRun(owner: string, now: number, leaseMs: number): Promise<RunRow | null> {
      const candidates = await db
        .selectFrom('monitor_runs')
        .select(['id', 'status', 'lease_until'])
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]))
        .orderBy('created_at')
        .limit(5)
        .execute();
      for (const candidate of candidates) {
        let update = db
          .updateTable('monitor_runs')
          .set({ status: 'running', lease_owner: owner, lease_until: now + leaseMs, started_at: sql<number>`coalesce(started_at, ${now})` })
          .where('id', '=', candidate.id)
          .where('status', '=', candidate.status);
        update = candidate.lease_until === null ? update.where('lease_until', 'is', null) : update.where('lease_until', '=', candidate.lease_until);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return (await db.selectFrom('monitor_runs').selectAll().where('id', '=', candidate.id).executeTakeFirst()) ?? null;
      }
      return null;
    },

    /** False when the lease is no longer this owner's (another instance took the run). */
    async renewLease(runId: string, owner: string, until: number): Promise<boolean> {
      const result = await db
        .updateTable('monitor_runs')
        .set({ lease_until: until })
        .where('id', '=', runId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A run this instance stops working on (it is stopping) is free to claim at once, wherever. */
    async releaseLease(runId: string, owner: string): Promise<void> {
      await db.updateTable('monitor_runs').set({ lease_until: 0 }).where('id', '=', runId).where('lease_owner', '=', owner).where('status', '=', 'running').execute();
    },

    async saveSeeds(runId: string, owner: string, seeds: string[], findings: unknown): Promise<void> {
      await db
        .updateTable('monitor_runs')
        .set({ seeds: JSON.stringify(seeds), findings: JSON.stringify(findings) })
        .where('id', '=', runId)
        .where('lease_owner', '=', owner)
        .execute();
    },

    async storedPages(runId: string): Promise<Map<string, { ok: boolean; discovered: string[] }>> {
      const rows = await db.selectFrom('monitor_pages').select(['url', 'status', 'discovered']).where('run_id', '=', runId).orderBy('position').execute();
      return new Map(rows.map((row) => [row.url, { ok: row.status === 'ok', discovered: JSON.parse(row.discovered) as string[] }]));
    },

    /**
     * A page and its occurrences, in one transaction, once: a page already stored (by an earlier
     * attempt of the run) is left as it is, so a resumed run never counts it twice.
     */
    async savePage(page: Selectable<Database['monitor_pages']>, occurrences: OccurrenceRow[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('monitor_pages').select('url').where('run_id', '=', page.run_id).where('url', '=', page.url).executeTakeFirst();
        if (exists) return false;
        await trx.insertInto('monitor_pages').values(page).execute();
        for (let start = 0; start < occurrences.length; start += OCCURRENCES_PER_INSERT) {
          await trx.insertInto('monitor_occurrences').values(occurrences.slice(start, start + OCCURRENCES_PER_INSERT)).execute();
        }
        return true;
      });
    },

    async pageCounts(runId: string): Promise<{ ok: number; skipped: number; failed: number; total: number }> {
      const rows = await db
        .selectFrom('monitor_pages')
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('run_id', '=', runId)
        .groupBy('status')
        .execute();
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { ok: of('ok'), skipped: of('skipped'), failed: of('failed'), total: of('ok') + of('skipped') + of('failed') };
    },

    /** The run's distinct picture URLs, most occurrences first (what its picture checks load, monitor-pictures.ts). */
    pictureUrls: async (runId: string): Promise<string[]> =>
      (
        await db
          .selectFrom('monitor_occurrences')
          .select((eb) => ['image_url', eb.fn.countAll<string | number>().as('count')])
          .where('run_id', '=', runId)
          .where('image_url', 'is not', null)
          .groupBy('image_url')
          .orderBy('count', 'desc')
          .orderBy('image_url')
          .limit(50_000)
          .execute()
      ).map((row) => row.image_url!),

    /**
     * Every occurrence of a picture that does not load is `broken`, its issues led by broken-image.
     * Idempotent (a resumed run checks again): an occurrence already broken is left as it is.
     */
    async markBroken(runId: string, imageUrl: string): Promise<void> {
      await db
        .updateTable('monitor_occurrences')
        .set({ verdict: 'broken', issues: sql<string>`'broken-image' || case when issues = '' then '' else ' ' || issues end` })
        .where('run_id', '=', runId)
        .where('image_url', '=', imageUrl)
        .where('verdict', '<>', 'broken')
        .execute();
    },

    occurrencesOf: (runId: string) =>
      db
        .selectFrom('monitor_occurrences')
        .select(['page_url', 'selector', 'image_key', 'image_url', 'location', 'accessible_name', 'verdict', 'issues'])
        .where('run_id', '=', runId)
        .execute(),

    /** Ends the run if this owner still holds it (true); `executor`: the transaction that queues its alerts. */
    async finish(
      runId: string,
      owner: string,
      values: { status: 'completed' | 'failed'; summary: string | null; error: string | null; findings?: string; finishedAt: number },
      executor: Executor = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('monitor_runs')
        .set({ status: values.status, summary: values.summary, error: values.error, finished_at: values.finishedAt, lease_owner: null, lease_until: null, ...(values.findings ? { findings: values.findings } : {}) })
        .where('id', '=', runId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Distinct images of a run (by resolved URL), most occurrences first. */
    async imagesOf(runId: string, query: { limit: number; offset: number; failing?: boolean; rule?: string }) {
      const failingCount = sql<number>`sum(case when verdict in (${sql.join(FAILING)}) then 1 else 0 end)`;
      // issues holds the occurrence's rule ids separated by spaces; the schema allows no LIKE wildcard in a rule.
      const ruleCount = sql<number>`sum(case when (' ' || issues || ' ') like ${`% ${query.rule ?? ''} %`} then 1 else 0 end)`;
      let grouped = db
        .selectFrom('monitor_occurrences')
        .select((eb) => [
          'image_key',
          eb.fn.max('image_url').as('image_url'),
          eb.fn.countAll<string | number>().as('occurrences'),
          failingCount.as('failing'),
          sql<string | number>`count(distinct page_url)`.as('pages'),
          eb.fn.min('page_url').as('example_page'),
          eb.fn.min('accessible_name').as('example_name'),
        ])
        .where('run_id', '=', runId)
        .groupBy('image_key');
      if (query.failing) grouped = grouped.having(failingCount, '>', 0);
      if (query.rule) grouped = grouped.having(ruleCount, '>', 0);
      const rows = await grouped.orderBy('occurrences', 'desc').orderBy('image_key').limit(query.limit).offset(query.offset).execute();
      const total = await db
        .selectFrom(grouped.as('images'))
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirst();
      return { rows, total: Number(total?.count ?? 0) };
    },

    /** The URLs a run read, in the order it read them. */
    async pagesOf(runId: string, query: { limit: number; offset: number; status?: 'ok' | 'skipped' | 'failed' }) {
      let pages = db.selectFrom('monitor_pages').where('run_id', '=', runId);
      if (query.status) pages = pages.where('status', '=', query.status);
      const rows = await pages.select(['url', 'status', 'reason', 'title', 'images']).orderBy('position').limit(query.limit).offset(query.offset).execute();
      const total = await pages.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirst();
      return { rows, total: Number(total?.count ?? 0) };
    },

    /**
     * Retention: the pages and occurrences of the runs older than the plan's last `runsKept`
     * completed ones of their monitor (their figures stay in the run, for the trend).
     */
    async dropOldDetails(trx: Executor, kept: Record<'free' | 'pro' | 'enterprise', number>): Promise<void> {
      const old = sql`select r.id from monitor_runs r join monitors m on m.id = r.monitor_id join users u on u.id = m.user_id
        where r.status in ('completed', 'failed')
        and (select count(*) from monitor_runs n where n.monitor_id = r.monitor_id and n.number > r.number and n.status = 'completed')
          >= case u.plan when 'pro' then ${sql.lit(kept.pro)} when 'enterprise' then ${sql.lit(kept.enterprise)} else ${sql.lit(kept.free)} end`;
      await sql`delete from monitor_occurrences where run_id in (${old})`.execute(trx);
      await sql`delete from monitor_pages where run_id in (${old})`.execute(trx);
    },

    /** Completed runs of a monitor, oldest first (the last `limit`). */
    async completedRuns(monitorId: string, limit: number): Promise<RunRow[]> {
      const rows = await db
        .selectFrom('monitor_runs')
        .selectAll()
        .where('monitor_id', '=', monitorId)
        .where('status', '=', 'completed')
        .orderBy('number', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    dueMonitors: (now: number, limit: number) =>
      db.selectFrom('monitors').selectAll().where('next_run_at', 'is not', null).where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).execute(),

    /**
     * Starts a due monitor's scheduled run, exactly once across instances: its next time moves on
     * only if nobody moved it since it was read (the update waits for a competing transaction and
     * then finds nothing to change), and the run is inserted in the same transaction.
     */
    async startScheduled(monitor: MonitorRow, next: number | null, run: Omit<RunRow, 'number'> | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('monitors')
          .set({ next_run_at: next })
          .where('id', '=', monitor.id)
          .where('next_run_at', '=', monitor.next_run_at)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        if (!run) return true;
        const last = await trx.selectFrom('monitor_runs').select((eb) => eb.fn.max('number').as('number')).where('monitor_id', '=', monitor.id).executeTakeFirst();
        await trx.insertInto('monitor_runs').values({ ...run, number: Number(last?.number ?? 0) + 1 }).execute();
        return true;
      });
    },
  };
}

export type MonitorRepository = ReturnType<typeof createMonitorRepository>;
