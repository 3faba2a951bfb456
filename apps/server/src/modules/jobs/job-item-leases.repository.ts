import type { ExpressionBuilder, Kysely } from 'kysely';
import { CompiledQuery, SqliteAdapter, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { liveInstanceIds } from '../instances';
import type { Database } from '../../db/schema';

/*
 * The leases of job items: who may take an item, taking it, keeping it, giving it back. A lease is
 * an item's owner (an instance), when it last renewed it, and a token that fences each claim
 * (issue 20). The rest of the jobs' SQL is in jobs.repository.ts, which includes these queries.
 */

/** An item due for someone to take, with its account's turn (see `due`). */
export interface DueItem {
  jobId: string;
  idx: number;
  attempts: number;
  leaseOwner: string | null;
  /** Claims of the item so far (the BullMQ dispatcher names its messages after it). */
  leaseToken: number;
  userId: string;
  /** 1 for the next item of an account with nothing in flight; smaller goes first. */
  rank: number;
}

/** An item taken by this instance: what the runner needs to process it. */
export interface ClaimedItem {
  jobId: string;
  idx: number;
  imageUrl: string;
  context: string | null;
  /** JSON ImagePurpose given with the item, passed to the describer; null: none. */
  purpose?: string | null;
  /** The item's own language (a monitor's fix job: its page's); null: the job's. */
  language?: string | null;
  attempts: number;
  /** The fencing token of this claim: settling, releasing and renewing are guarded by it. */
  leaseToken: number;
}

/** A lease held by this instance, as renewal and release name it. */
export type HeldLease = Pick<ClaimedItem, 'jobId' | 'idx' | 'leaseToken'>;

/** The statuses of a job whose items may still run. */
export const ACTIVE = ['queued', 'running'];

/** Jobs read by one statement of `due` (SQLite allows 500 terms in a compound SELECT). */
const DUE_JOBS_PER_STATEMENT = 100;
/** The FROM of `firstDueOf`, as Kysely writes it: where SQLite's INDEXED BY goes. */
const FROM_ITEMS = 'from "job_items"';

type DueRow = Pick<Database['job_items'], 'job_id' | 'idx' | 'lease_owner'> & { attempts: number; lease_token: number };

/** The conditions on a job item's lease, shared by the queries here and the settlement. */
export function leaseConditions(db: Kysely<Database>) {
  /** Leases held by instances still alive (heartbeat since `aliveSince`) are not to be taken. */
  const aliveInstances = (aliveSince: number) => liveInstanceIds(db, aliveSince);
  /**
   * An item's lease is free for `owner` when there is none, its instance is dead, or its holder
   * has not renewed it since `aliveSince` (issue 20: a claim whose answer was lost, a release that
   * never arrived; any instance, the holder included, honours that expiry). A lease written before
   * renewals existed (lease_renewed_at null) lives and dies with its instance only.
   */
  const leaseFree = (eb: ExpressionBuilder<Database, 'job_items'>, owner: string, aliveSince: number) =>
    eb.or([
      eb('job_items.lease_owner', 'is', null),
      eb.and([eb('job_items.lease_owner', '<>', owner), eb('job_items.lease_owner', 'not in', aliveInstances(aliveSince))]),
      eb('job_items.lease_renewed_at', '<', aliveSince),
    ]);
  /** A pending item's lease that a live holder still renews: the item is being worked on. */
  const leaseLive = (eb: ExpressionBuilder<Database, 'job_items'>, aliveSince: number) =>
    eb.and([
      // The conditions of job_items_leased_idx, as written there (migration 0025).
      eb('status', '=', sql.lit('pending')),
      eb('lease_owner', 'is not', null),
      eb('lease_owner', 'in', aliveInstances(aliveSince)),
      eb.or([eb('lease_renewed_at', 'is', null), eb('lease_renewed_at', '>=', aliveSince)]),
    ]);
  /** The rows of these leases, as this owner holds them (same claim: same token). */
  const heldBy = (eb: ExpressionBuilder<Database, 'job_items'>, owner: string, leases: HeldLease[]) =>
    eb.and([
      eb('lease_owner', '=', owner),
      eb('status', '=', 'pending'),
      eb.or(leases.map((lease) => eb.and([eb('job_id', '=', lease.jobId), eb('idx', '=', lease.idx), eb('lease_token', '=', lease.leaseToken)]))),
    ]);

  return { aliveInstances, leaseFree, leaseLive, heldBy };
}

export function createItemLeaseQueries(db: Kysely<Database>) {
  const { aliveInstances, leaseFree, leaseLive, heldBy } = leaseConditions(db);

  /**
   * Items due now for someone to take: pending, of an active job not waiting for quota, with no
   * lease or the lease of a dead instance (other than `owner`). `leaseOwner` tells a dead lease
   * from none (the BullMQ dispatcher names its messages after it).
   *
   * Fair across accounts (issue 18 row 8): each account's due items are numbered in its own order
   * (oldest job first, then input order) from its items in flight (live leases, fleet-wide) plus
   * one; `rank` is that number, and the smallest ranks come first. An account with nothing running
   * has rank 1 however long another account's queue is: accounts take turns, item by item.
   *
   * Its cost is what it dispatches, not what waits (issue 32 row 1: every process runs it every
   * half second, and numbering 100,000 pending items took 1.4 s). No account needs more than `limit`
   * turns, so it reads, account by account, at most `limit` items from its oldest jobs, each from
   * the partial index of dispatchable items (migration 0025), and numbers them here; the items in
   * flight come from the index of leased items. A round reads the next job of every account still
   * short of `limit` (one statement); an account's first job usually fills it.
   */
  // SQLite, given statistics (ANALYZE), prefers the primary key (job_id, idx) to the dispatchable
  // index for a job's first due items: it expects few settled ones before them, while a long job has
  // thousands. So on SQLite the statement names the index (INDEXED BY, which PostgreSQL lacks; its
  // planner picks the partial index itself).
  const onSqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  async function due(owner: string, aliveSince: number, now: number, limit: number): Promise<DueItem[]> {
    if (limit <= 0) return [];
    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'user_id', 'created_at', 'waiting_until'])
      .where('status', 'in', ACTIVE)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (jobs.length === 0) return [];
    const userOf = new Map(jobs.map((job) => [job.id, job.user_id]));
    const busy = new Map<string, number>();
    for (const row of await inFlightByJob(owner, aliveSince)) {
      const userId = userOf.get(row.job_id);
      if (userId !== undefined) busy.set(userId, (busy.get(userId) ?? 0) + Number(row.n));
    }
    // Each account's jobs that may run now, oldest first.
    const queues = new Map<string, string[]>();
    for (const job of jobs) {
      if (job.waiting_until !== null && Number(job.waiting_until) > now) continue;
      queues.set(job.user_id, [...(queues.get(job.user_id) ?? []), job.id]);
    }
    const taken = new Map<string, Array<Omit<DueItem, 'rank'>>>();
    for (let round = [...queues.keys()]; round.length > 0; ) {
      const asks = round.map((userId) => ({ userId, jobId: queues.get(userId)!.shift()!, wanted: limit - (taken.get(userId)?.length ?? 0) }));
      const rows = await dispatchable(owner, aliveSince, now, asks);
      for (const ask of asks) {
        const got = rows.filter((row) => row.job_id === ask.jobId).sort((a, b) => a.idx - b.idx);
        taken.set(ask.userId, [...(taken.get(ask.userId) ?? []), ...got.map((row) => ({ jobId: row.job_id, idx: row.idx, attempts: Number(row.attempts), leaseOwner: row.lease_owner, leaseToken: Number(row.lease_token), userId: ask.userId }))]);
      }
      round = round.filter((userId) => (taken.get(userId)?.length ?? 0) < limit && (queues.get(userId)?.length ?? 0) > 0);
    }
    const place = new Map(jobs.map((job, index) => [job.id, index]));
    const ranked = [...taken].flatMap(([userId, items]) => items.map((item, turn) => ({ ...item, rank: turn + 1 + (busy.get(userId) ?? 0) })));
    return ranked.sort((a, b) => a.rank - b.rank || place.get(a.jobId)! - place.get(b.jobId)! || a.idx - b.idx).slice(0, limit);
  }

  /** Pending items with a lease held by `owner` or a live instance, counted per job (the leased-items index). */
  function inFlightByJob(owner: string, aliveSince: number) {
    return db
      .selectFrom('job_items')
      .select(['job_id', (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', sql.lit('pending'))
      .where('lease_owner', 'is not', null)
      // One IN list (not "= owner or in ..."), so that the leased-items index serves it.
      .where('lease_owner', 'in', aliveInstances(aliveSince).unionAll(db.selectNoFrom(sql<string>`${owner}`.as('id'))))
      .groupBy('job_id')
      .execute();
  }

  /** The first `wanted` due items of each asked job, in input order (the dispatchable-items index), in one statement. */
  async function dispatchable(owner: string, aliveSince: number, now: number, asks: Array<{ jobId: string; wanted: number }>) {
    const rows = [];
    for (let at = 0; at < asks.length; at += DUE_JOBS_PER_STATEMENT) {
      const [first, ...rest] = asks.slice(at, at + DUE_JOBS_PER_STATEMENT).map((ask) => db.selectFrom(firstDueOf(owner, aliveSince, now, ask.jobId, ask.wanted).as('d')).selectAll());
      const query = rest.reduce((union, next) => union.unionAll(next), first!).compile();
      rows.push(...(await db.executeQuery<DueRow>(onSqlite ? CompiledQuery.raw(query.sql.replaceAll(FROM_ITEMS, `${FROM_ITEMS} indexed by "job_items_dispatchable_idx"`), [...query.parameters]) : query)).rows);
    }
    return rows;
  }

  function firstDueOf(owner: string, aliveSince: number, now: number, jobId: string, wanted: number) {
    return db
      .selectFrom('job_items')
      .select(['job_id', 'idx', 'attempts', 'lease_owner', 'lease_token'])
      .where('job_id', '=', jobId)
      // The conditions of job_items_dispatchable_idx, as written there: a known duplicate ends with the
      // item it duplicates, and economy items go to a provider batch (economy/), not to the runner.
      .where('status', '=', sql.lit('pending'))
      .where('dispatch', '=', sql.lit('live'))
      .where('duplicate_of', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => leaseFree(eb, owner, aliveSince))
      .orderBy('idx')
      .limit(wanted);
  }

  /**
   * Leases the given items of one job to `owner`, those still free and due: a guarded UPDATE that
   * re-checks status, retry time, lease and job (active, not waiting for quota), so that of two takers of an
   * item (two instances, or a duplicate queue message) exactly one gets it.
   */
  async function claimItems(owner: string, aliveSince: number, now: number, jobId: string, indexes: number[]): Promise<ClaimedItem[]> {
    if (indexes.length === 0) return [];
    const rows = await db
      .updateTable('job_items')
      .set((eb) => ({ lease_owner: owner, lease_renewed_at: now, lease_token: eb('lease_token', '+', 1) }))
      .where('job_id', '=', jobId)
      .where('idx', 'in', indexes)
      .where('status', '=', 'pending')
      .where('duplicate_of', 'is', null)
      // Economy items go to a provider batch (economy/), not to the runner.
      .where('dispatch', '=', 'live')
      // A stale message (a redelivery from before the item's last try) must not cut its backoff short.
      .where('next_attempt_at', '<=', now)
      .where((eb) => leaseFree(eb, owner, aliveSince))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', jobId)
            .where('status', 'in', ACTIVE)
            .where((inner) => inner.or([inner('waiting_until', 'is', null), inner('waiting_until', '<=', now)])),
        ),
      )
      .returning(['job_id', 'idx', 'image_url', 'context', 'purpose', 'language', 'attempts', 'lease_token'])
      .execute();
    return rows.map((row) => ({ jobId: row.job_id, idx: row.idx, imageUrl: row.image_url, context: row.context, purpose: row.purpose, language: row.language, attempts: Number(row.attempts), leaseToken: Number(row.lease_token) }));
  }

  return {
    due,
    claimItems,

    /**
     * Takes up to `limit` due items for this instance (the in-process dispatcher): find, then claim,
     * in turn order across accounts. `roomFor` is how many more an account may have in flight here.
     * `more` says whether a claim right after this one could take anything: only when the due items
     * filled `limit` and none was left for its account's room (then another taker won some of them).
     * When the queue ended or an account's room did, the next claim would read the same items again.
     */
    async claim(owner: string, aliveSince: number, now: number, limit: number, roomFor: (userId: string) => number = () => limit): Promise<{ items: Array<ClaimedItem & { userId: string }>; more: boolean }> {
      const byJob = new Map<string, { userId: string; indexes: number[] }>();
      const taken = new Map<string, number>();
      const order = new Map<string, number>();
      const rows = await due(owner, aliveSince, now, limit);
      let more = rows.length === limit;
      for (const row of rows) {
        const count = taken.get(row.userId) ?? 0;
        if (count >= roomFor(row.userId)) {
          more = false;
          continue;
        }
        taken.set(row.userId, count + 1);
        order.set(`${row.jobId}:${row.idx}`, order.size);
        const job = byJob.get(row.jobId) ?? { userId: row.userId, indexes: [] };
        job.indexes.push(row.idx);
        byJob.set(row.jobId, job);
      }
      const claimed: Array<ClaimedItem & { userId: string }> = [];
      for (const [jobId, job] of byJob) claimed.push(...(await claimItems(owner, aliveSince, now, jobId, job.indexes)).map((item) => ({ ...item, userId: job.userId })));
      // Started in turn order: the model's queue (first come, first served) keeps the turns.
      const place = (item: ClaimedItem) => order.get(`${item.jobId}:${item.idx}`) ?? 0;
      return { items: claimed.sort((a, b) => place(a) - place(b)), more };
    },

    /** Gives a lease back (this claim's only: a later claim of the item is not touched). */
    async releaseLease(lease: HeldLease, owner: string): Promise<void> {
      await db
        .updateTable('job_items')
        .set({ lease_owner: null, lease_renewed_at: null })
        .where((eb) => heldBy(eb, owner, [lease]))
        .execute();
    },

    /** The leases a live holder renews now, fleet-wide: the items being worked on at this moment. */
    async liveLeases(aliveSince: number): Promise<HeldLease[]> {
      const rows = await db
        .selectFrom('job_items')
        .select(['job_id', 'idx', 'lease_token'])
        .where((eb) => leaseLive(eb, aliveSince))
        .execute();
      return rows.map((row) => ({ jobId: row.job_id, idx: row.idx, leaseToken: Number(row.lease_token) }));
    },

    /** How many of these leases are still held, by the same claim, by a live holder. */
    async stillLive(leases: HeldLease[], aliveSince: number): Promise<number> {
      if (leases.length === 0) return 0;
      const row = await db
        .selectFrom('job_items')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where((eb) => leaseLive(eb, aliveSince))
        .where((eb) => eb.or(leases.map((lease) => eb.and([eb('job_id', '=', lease.jobId), eb('idx', '=', lease.idx), eb('lease_token', '=', lease.leaseToken)]))))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The holder still works on these items: their leases are not stale (one statement for all). */
    async renewLeases(leases: HeldLease[], owner: string, now: number): Promise<void> {
      if (leases.length === 0) return;
      await db
        .updateTable('job_items')
        .set({ lease_renewed_at: now })
        .where((eb) => heldBy(eb, owner, leases))
        .execute();
    },

    /**
     * After a settlement whose commit outcome was unknown (the connection dropped during COMMIT)
     * and that now finds the lease gone: whether that earlier commit went through. The token is
     * still this claim's and nobody holds the item, so nobody claimed it since: the last to write
     * it was this claim's settlement (or a cancellation, which leaves nothing to settle either).
     */
    async settledUnder(executor: Executor, lease: HeldLease): Promise<boolean> {
      const row = await executor
        .selectFrom('job_items')
        .select('idx')
        .where('job_id', '=', lease.jobId)
        .where('idx', '=', lease.idx)
        .where('lease_token', '=', lease.leaseToken)
        .where('lease_owner', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

  };
}
