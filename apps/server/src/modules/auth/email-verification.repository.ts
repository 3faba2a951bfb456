import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, EmailVerificationsTable } from '../../db/schema';
import { singleUseLinks } from './single-use-links.repository';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

export function createEmailVerificationRepository(db: Kysely<Database>) {
  return {
    async insert(row: EmailVerificationRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('email_verifications').values(row).execute();
    },

    findByHash: (tokenHash: string) => db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    ...singleUseLinks(db, 'email_verifications'),
  };
}

export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
