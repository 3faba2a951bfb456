import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, TwoFactorTable } from '../../db/schema';

export type TwoFactorRow = Selectable<TwoFactorTable>;

export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    find: (userId: string) => db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** A new enrolment replaces one that never got its first code; an enabled one stays (false). */
    async startEnrolment(userId: string, secretSealed: string, now: number): Promise<boolean> {
      const result = await db
        .insertInto('two_factor')
        .values({ user_id: userId, secret_sealed: secretSealed, enabled_at: null, last_used_step: null, created_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ secret_sealed: secretSealed, last_used_step: null, created_at: now }).where('two_factor.enabled_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Records `step` as used, only if it is later than every step used before: of two requests
     * presenting the same code, exactly one gets true.
     */
    async useStep(userId: string, step: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('two_factor')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Only a waiting enrolment is enabled: two confirmations racing, one wins. */
    async enable(userId: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('two_factor')
        .set({ enabled_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertRecoveryCodes(rows: { id: string; user_id: string; code_hash: string }[], executor: Executor): Promise<void> {
      await executor.deleteFrom('two_factor_recovery_codes').where('user_id', '=', rows[0]!.user_id).execute();
      await executor.insertInto('two_factor_recovery_codes').values(rows.map((row) => ({ ...row, used_at: null }))).execute();
    },

    /** Single use: of two requests presenting the same recovery code, exactly one gets true. */
    async useRecoveryCode(userId: string, codeHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
