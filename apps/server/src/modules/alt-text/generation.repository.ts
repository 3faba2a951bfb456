import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, GenerationsTable } from '../../db/schema';
import type { KeysetCursor } from '../../platform/keyset-cursor';

export type GenerationRow = Selectable<GenerationsTable>;

export function createGenerationRepository(db: Kysely<Database>) {
  return {
    /** One multi-row INSERT (the history writer's batches; at most a few hundred rows). */
    async insertMany(rows: GenerationRow[], trx: Executor): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto('generations').values(rows).execute();
    },

    /** Retention: history older than RETENTION_DAYS. */
    async deleteCreatedBefore(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('generations').where('created_at', '<', before).execute();
    },

    /** The rows an idempotent request's items settled (see GenerationsTable.request_ref). */
    async findByRefs(userId: string, refs: string[]): Promise<GenerationRow[]> {
      if (refs.length === 0) return [];
      return db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('request_ref', 'in', refs).execute();
    },

    /** Newest first, keyset-paginated on (created_at, id): stable while new rows arrive. */
    async listPage(userId: string, limit: number, after?: KeysetCursor): Promise<GenerationRow[]> {
      let query = db.selectFrom('generations').selectAll().where('user_id', '=', userId);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
