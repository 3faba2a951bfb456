import type { Kysely, Selectable } from 'kysely';
import type { Database, GenerationsTable } from '../../db/schema';
import type { HistoryCursor } from './history-cursor';

export type GenerationRow = Selectable<GenerationsTable>;

export function createGenerationRepository(db: Kysely<Database>) {
  return {
    /** One multi-row INSERT (the history writer's batches; at most a few hundred rows). */
    async insertMany(rows: GenerationRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('generations').values(rows).execute();
    },

    /** Newest first, keyset-paginated on (created_at, id): stable while new rows arrive. */
    async listPage(userId: string, limit: number, after?: HistoryCursor): Promise<GenerationRow[]> {
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
