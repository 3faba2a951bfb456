import type { ReviewFilter } from '@altwise/shared';
import type { ExpressionBuilder, Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobItemRow } from './jobs.repository';

/*
 * SQL of the review queue and of bulk reviews. A group of identical images is its first item (no
 * `duplicate_of`) and the items whose `duplicate_of` names it; the queue lists first items only.
 *
 * Drafts and checker failures are told apart in SQL by the stored result's JSON: it is written by
 * JSON.stringify only, so `"verification":"draft"` and `"severity":"error"` appear with bare
 * quotes only as keys and values, never inside a string (where quotes are escaped).
 */
const DRAFT = '%"verification":"draft"%';
const FAILING = '%"severity":"error"%';
/** Rows per statement: far below every dialect's bound-parameter limit. */
const CHUNK = 400;

type Eb = ExpressionBuilder<Database, 'job_items'>;
/** The duplicate's first item (its idx), or null for a first item. */
const duplicateOf = sql.ref<number | null>('job_items.duplicate_of');
const isFirst = (eb: Eb) => eb(duplicateOf, 'is', null);

function matches(eb: Eb, filter: ReviewFilter) {
  if (filter === 'all') return eb.lit(true);
  if (filter === 'approved' || filter === 'rejected') return eb('review', '=', filter);
  if (filter === 'needs_review') return eb.and([eb('status', '=', 'succeeded'), eb('review', 'is', null)]);
  // Verified alt text whose readings contradict each other somewhere (migration 0028).
  if (filter === 'uncertain') return eb.and([eb('status', '=', 'succeeded'), eb('uncertain', '>', 0)]);
  return eb('status', '=', filter);
}

export type ReviewAction = 'approve' | 'reject';
const verdictOf = (action: ReviewAction) => (action === 'approve' ? 'approved' : 'rejected');

/** A group's first item that the action may change: described, not already so, and (to approve) no draft. */
function eligible(eb: Eb, action: ReviewAction, passing: boolean) {
  const verdict = verdictOf(action);
  const conditions = [eb('status', '=', 'succeeded'), eb('result', 'is not', null), eb.or([eb('review', 'is', null), eb('review', '<>', verdict)])];
  if (action === 'approve') conditions.push(eb('result', 'not like', DRAFT));
  // Nor one whose readings disagree: a person picks what the image shows (issue 36).
  if (action === 'approve') conditions.push(eb('uncertain', '=', 0));
  if (action === 'approve' && passing) conditions.push(eb('result', 'not like', FAILING));
  return eb.and(conditions);
}

export interface GroupCountRow {
  status: string;
  review: string | null;
  first: number;
  draft: number;
  failing: number;
  uncertain: number;
  n: number;
}

/** One row's new state in a bulk review; `result` null keeps the stored result. */
export interface ReviewWrite {
  idx: number;
  result: string | null;
}

export type ReviewItemRow = JobItemRow & { duplicate_of?: number | null; path?: string | null };

export function createJobReviewRepository(db: Kysely<Database>) {
  const chunks = <T>(values: T[]) => Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, at) => values.slice(at * CHUNK, (at + 1) * CHUNK));

  return {
    findJob(userId: string, id: string) {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    /** First items matching the filter after `afterIdx`, in input order (keyset paging on the primary key). */
    firstItemsPage(jobId: string, filter: ReviewFilter, afterIdx: number, limit: number): Promise<ReviewItemRow[]> {
      return db
        .selectFrom('job_items')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('idx', '>', afterIdx)
        .where(isFirst)
        .where((eb) => matches(eb, filter))
        .orderBy('idx')
        .limit(limit)
        .execute() as Promise<ReviewItemRow[]>;
    },

    /**
     * The same, most uncertain first (claims the readings contradicted each other on), then input
     * order: keyset paged on (uncertain desc, idx) after `after`, the last row of the page before.
     */
    firstItemsByUncertainty(jobId: string, filter: ReviewFilter, after: { uncertain: number; idx: number } | undefined, limit: number): Promise<ReviewItemRow[]> {
      return db
        .selectFrom('job_items')
        .selectAll()
        .where('job_id', '=', jobId)
        .where((eb) => (after ? eb.or([eb('uncertain', '<', after.uncertain), eb.and([eb('uncertain', '=', after.uncertain), eb('idx', '>', after.idx)])]) : eb.lit(true)))
        .where(isFirst)
        .where((eb) => matches(eb, filter))
        .orderBy('uncertain', 'desc')
        .orderBy('idx')
        .limit(limit)
        .execute() as Promise<ReviewItemRow[]>;
    },

    /** How many duplicates each of these first items has (absent: none). */
    async duplicateCounts(jobId: string, firstIdx: number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      for (const chunk of chunks(firstIdx)) {
        const rows = await db
          .selectFrom('job_items')
          .select([duplicateOf.as('first'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('job_id', '=', jobId)
          .where(duplicateOf, 'in', chunk)
          .groupBy(duplicateOf)
          .execute();
        for (const row of rows) counts.set(Number(row.first), Number(row.n));
      }
      return counts;
    },

    /** Items by state in one grouped scan of the job: what the counts of every filter are made of. */
    countRows(jobId: string): Promise<GroupCountRow[]> {
      const flag = (condition: RawBuilder<unknown>) => sql<number>`case when ${condition} then 1 else 0 end`;
      const first = flag(sql`${duplicateOf} is null`);
      // Literal patterns (constants): PostgreSQL matches the grouped expressions by their text, and parameters would differ.
      const draft = flag(sql`${sql.ref('result')} like ${sql.lit(DRAFT)}`);
      const failing = flag(sql`${sql.ref('result')} like ${sql.lit(FAILING)}`);
      const uncertain = flag(sql`${sql.ref('uncertain')} > 0`);
      return db
        .selectFrom('job_items')
        .select(['status', 'review', first.as('first'), draft.as('draft'), failing.as('failing'), uncertain.as('uncertain'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('job_id', '=', jobId)
        .groupBy(['status', 'review', first, draft, failing, uncertain])
        .execute();
    },

    /** The groups these item ids belong to (a duplicate's id stands for its first item), as first-item indexes. */
    async groupsOf(jobId: string, itemIdx: number[]): Promise<number[]> {
      const firsts = new Set<number>();
      for (const chunk of chunks(itemIdx)) {
        const rows = await db.selectFrom('job_items').select(['idx', duplicateOf.as('first')]).where('job_id', '=', jobId).where('idx', 'in', chunk).execute();
        for (const row of rows) firsts.add(row.first === null ? row.idx : Number(row.first));
      }
      return [...firsts].sort((a, b) => a - b);
    },

    /** Of these first items, those the action may change. */
    async eligibleAmong(jobId: string, firstIdx: number[], action: ReviewAction, passing: boolean): Promise<ReviewItemRow[]> {
      const found: ReviewItemRow[] = [];
      for (const chunk of chunks(firstIdx)) {
        found.push(
          ...((await db
            .selectFrom('job_items')
            .selectAll()
            .where('job_id', '=', jobId)
            .where('idx', 'in', chunk)
            .where((eb) => eligible(eb, action, passing))
            .orderBy('idx')
            .execute()) as ReviewItemRow[]),
        );
      }
      return found;
    },

    /** First items the filter matches that the action may change, in input order, at most `limit`; how many it may change in all; how many match. */
    async eligibleMatching(jobId: string, filter: ReviewFilter, action: ReviewAction, passing: boolean, limit: number): Promise<{ rows: ReviewItemRow[]; eligible: number; matching: number }> {
      const base = db.selectFrom('job_items').where('job_id', '=', jobId).where(isFirst).where((eb) => matches(eb, filter));
      const count = async (query: typeof base) => Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = (await base.selectAll().where((eb) => eligible(eb, action, passing)).orderBy('idx').limit(limit).execute()) as ReviewItemRow[];
      return { rows, eligible: rows.length < limit ? rows.length : await count(base.where((eb) => eligible(eb, action, passing))), matching: await count(base) };
    },

    /** Every described row of these groups, first items included: what a group's review is written to. */
    async groupRows(jobId: string, firstIdx: number[]): Promise<ReviewItemRow[]> {
      const found: ReviewItemRow[] = [];
      for (const chunk of chunks(firstIdx)) {
        found.push(
          ...((await db
            .selectFrom('job_items')
            .selectAll()
            .where('job_id', '=', jobId)
            .where('status', '=', 'succeeded')
            .where((eb) => eb.or([eb('idx', 'in', chunk), eb(duplicateOf, 'in', chunk)]))
            .execute()) as ReviewItemRow[]),
        );
      }
      return found;
    },

    /**
     * Writes a bulk review in one transaction, a few statements per 400 rows. Each row keeps its
     * state from before under `token` (SET reads the row as it was before the statement); a row
     * this action already changed (the same token, an earlier request of it) keeps its first
     * "before", so one undo restores the state before the whole action.
     */
    async apply(jobId: string, token: string, verdict: 'approved' | 'rejected', writes: ReviewWrite[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let updated = 0;
        for (const chunk of chunks(writes)) {
          const changed = chunk.filter((write) => write.result !== null);
          const result = changed.length ? sql<string>`case ${sql.ref('idx')} ${sql.join(changed.map((write) => sql`when ${write.idx} then ${write.result}`), sql` `)} else ${sql.ref('result')} end` : sql.ref<string>('result');
          const outcome = await trx
            .updateTable('job_items')
            .set({
              undo_review: sql`case when ${sql.ref('undo_token')} = ${token} then ${sql.ref('undo_review')} else ${sql.ref('review')} end`,
              undo_result: sql`case when ${sql.ref('undo_token')} = ${token} then ${sql.ref('undo_result')} else ${sql.ref('result')} end`,
              undo_token: token,
              review: verdict,
              result,
            })
            .where('job_id', '=', jobId)
            .where('status', '=', 'succeeded')
            .where(
              'idx',
              'in',
              chunk.map((write) => write.idx),
            )
            .executeTakeFirst();
          updated += Number(outcome.numUpdatedRows);
        }
        return updated;
      });
    },

    /** Puts back every row still marked with this action's token; a second undo finds none. */
    async undo(jobId: string, token: string): Promise<number> {
      const outcome = await db
        .updateTable('job_items')
        .set({ review: sql.ref('undo_review'), result: sql.ref('undo_result'), undo_token: null, undo_review: null, undo_result: null })
        .where('job_id', '=', jobId)
        .where('undo_token', '=', token)
        .executeTakeFirst();
      return Number(outcome.numUpdatedRows);
    },
  };
}

export type JobReviewRepository = ReturnType<typeof createJobReviewRepository>;

