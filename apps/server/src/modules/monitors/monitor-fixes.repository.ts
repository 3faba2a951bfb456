// The SQL of a run's fixes and report: its failing images and occurrences, and the fix job it made.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FAILING_VERDICTS } from './monitor-compare';

const FAILING = [...FAILING_VERDICTS];

export function createMonitorFixesRepository(db: Kysely<Database>) {
  return {
    /**
     * The run's distinct failing images, one per picture URL, purpose (a logo that is a link's only
     * content needs other words than the same logo beside text) and language (the same picture on
     * a French page and an English one is described twice), most occurrences first, with the
     * surroundings of one failing occurrence. Inline SVGs (no URL) cannot be sent to a describer.
     */
    failingImages: (runId: string, limit: number) =>
      db
        .selectFrom('monitor_occurrences')
        .select((eb) => ['image_url', 'purpose', 'language', eb.fn.min('context').as('context'), eb.fn.countAll<string | number>().as('occurrences')])
        .where('run_id', '=', runId)
        // A picture that does not load needs repairing, not words: it is not sent to a describer.
        .where('verdict', 'in', FAILING.filter((verdict) => verdict !== 'broken'))
        .where('image_url', 'is not', null)
        .groupBy(['image_url', 'purpose', 'language'])
        .orderBy('occurrences', 'desc')
        .orderBy('image_url')
        .limit(limit)
        .execute(),

    /** Failing occurrences of a run, by page then element (the fix list and the report). */
    failingOccurrences: (runId: string, limit: number) =>
      db
        .selectFrom('monitor_occurrences')
        .select(['page_url', 'selector', 'location', 'image_url', 'accessible_name', 'verdict', 'issues', 'purpose', 'language'])
        .where('run_id', '=', runId)
        .where('verdict', 'in', FAILING)
        .orderBy('page_url')
        .orderBy('selector')
        .limit(limit)
        .execute(),

    /** Titles of the pages a run read (the report names pages by them). */
    async pageTitles(runId: string, urls: string[]): Promise<Map<string, string | null>> {
      const titles = new Map<string, string | null>();
      // A bounded number of parameters per statement, whatever the run's size.
      for (let start = 0; start < urls.length; start += 500) {
        const rows = await db.selectFrom('monitor_pages').select(['url', 'title']).where('run_id', '=', runId).where('url', 'in', urls.slice(start, start + 500)).execute();
        for (const row of rows) titles.set(row.url, row.title);
      }
      return titles;
    },

    /**
     * Records the run's fix job if it has none yet (true), in one conditional update: of two
     * requests that both created a job, only one is recorded.
     */
    async setFixJob(runId: string, jobId: string, replacing: string | null): Promise<boolean> {
      const update = db.updateTable('monitor_runs').set({ fix_job_id: jobId }).where('id', '=', runId);
      const result = await (replacing === null ? update.where('fix_job_id', 'is', null) : update.where('fix_job_id', '=', replacing)).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    fixJobOf: async (runId: string) => (await db.selectFrom('monitor_runs').select('fix_job_id').where('id', '=', runId).executeTakeFirst())?.fix_job_id ?? null,

    /** A run's number (the report's "compared with run N"). */
    async runNumber(runId: string): Promise<number | null> {
      const row = await db.selectFrom('monitor_runs').select('number').where('id', '=', runId).executeTakeFirst();
      return row ? Number(row.number) : null;
    },
  };
}

export type MonitorFixesRepository = ReturnType<typeof createMonitorFixesRepository>;
