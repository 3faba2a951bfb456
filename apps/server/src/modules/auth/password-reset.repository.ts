import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, PasswordResetTokensTable } from '../../db/schema';
import { singleUseLinks } from './single-use-links.repository';

export type PasswordResetRow = Selectable<PasswordResetTokensTable>;

export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    async insert(row: PasswordResetRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('password_reset_tokens').values(row).execute();
    },

    /** A token that is neither used nor expired at `now`. */
    findLive: (tokenHash: string, now: number) =>
      db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    ...singleUseLinks(db, 'password_reset_tokens'),
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
