import type { Audit, AuditImage, AuditListItem, AuditSummary } from '@altwise/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AuditsTable, Database } from '../../db/schema';
import type { KeysetCursor } from '../../platform/keyset-cursor';

type Row = Selectable<AuditsTable>;


/** A stored audit, and whether its bulk job's results are in it yet. */
export interface StoredAudit {
  audit: Audit;
  jobFilled: boolean;
}

const jobUrl = (id: string) => `/api/v1/jobs/${id}`;

function toListItem(row: Omit<Row, 'result'>): AuditListItem {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.final_url,
    pageTitle: row.page_title,
    suggest: Boolean(row.suggest),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    // Audits stored before the image cap have no notAudited: nothing was left out then.
    // Nor a broken count: pictures were not fetched then.
    summary: { notAudited: 0, broken: 0, ...(JSON.parse(row.summary) as Omit<AuditSummary, 'notAudited' | 'broken'>) },
    job: row.job_id ? { id: row.job_id, url: jobUrl(row.job_id) } : null,
  };
}

/**
 * Images stored before per-image language and purpose were recorded read as "none declared";
 * before readable locations, the CSS path is the only location there is.
 */
const withDefaults = (image: AuditImage): AuditImage => ({ ...image, language: image.language ?? null, purpose: image.purpose ?? null, location: image.location ?? image.selector });

const LIST_COLUMNS = ['id', 'user_id', 'url', 'final_url', 'page_title', 'suggest', 'summary', 'created_at', 'job_id', 'job_filled'] as const;

export function createAuditRepository(db: Kysely<Database>) {
  return {
    /** `imagesJson`: the images already written out (audit-json.ts), else written here. */
    async insert(userId: string, audit: Audit, imagesJson?: string): Promise<void> {
      await db
        .insertInto('audits')
        .values({
          id: audit.id,
          user_id: userId,
          url: audit.url,
          final_url: audit.finalUrl,
          page_title: audit.pageTitle,
          suggest: audit.suggest ? 1 : 0,
          summary: JSON.stringify(audit.summary),
          result: imagesJson ?? JSON.stringify(audit.images),
          created_at: Date.parse(audit.createdAt),
          job_id: audit.job?.id ?? null,
        })
        .execute();
    },

    /** Another account's audit is simply not found (a 404, never a 403). */
    async find(userId: string, id: string): Promise<StoredAudit | null> {
      const row = await db.selectFrom('audits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) return null;
      return { audit: { ...toListItem(row), images: (JSON.parse(row.result) as AuditImage[]).map(withDefaults) }, jobFilled: Number(row.job_filled) === 1 };
    },

    /** Newest first, keyset-paginated on (created_at, id): stable while new audits arrive. */
    async listPage(userId: string, limit: number, after?: KeysetCursor): Promise<Array<AuditListItem & { cursor: KeysetCursor; jobFilled: boolean }>> {
      let query = db.selectFrom('audits').select(LIST_COLUMNS).where('user_id', '=', userId);
      if (after) {
        query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...toListItem(row), cursor: { createdAt: Number(row.created_at), id: row.id }, jobFilled: Number(row.job_filled) === 1 }));
    },

    /** The bulk job's suggestions, written once the job is over; later reads use them as they are. */
    async fillFromJob(userId: string, id: string, images: AuditImage[], summary: AuditSummary): Promise<void> {
      await db
        .updateTable('audits')
        .set({ result: JSON.stringify(images), summary: JSON.stringify(summary), job_filled: 1 })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('audits').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
