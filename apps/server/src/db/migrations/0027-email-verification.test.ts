import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { migrationTestDatabase } from '../../../test/support/migration-test-database';

/** A database migrated up to `0026`, as an instance running before address verification left it. */
const databaseBefore = migrationTestDatabase;

const user = (id: string) => ({ id, email: `${id}@example.com`, password_hash: 'x', first_name: 'A', last_name: 'B', created_at: 1, updated_at: 1 });

for (const kind of DATABASES) {
  describe(`migration 0027: email verification (${kind})`, () => {
    let close: () => Promise<void> = async () => undefined;
    afterEach(() => close());

    it('counts the accounts that exist as verified (nobody loses their mail); accounts created later start unverified', async () => {
      const { db, migrator, drop } = await databaseBefore(kind);
      close = async () => {
        await db.destroy();
        await drop();
      };
      expect((await migrator.migrateTo('0026-email-changes')).error).toBeUndefined();
      await db.insertInto('users').values(user('before')).execute();

      expect((await migrator.migrateTo('0027-email-verification')).error).toBeUndefined();
      await db.insertInto('users').values(user('after')).execute();
      const rows = await db.selectFrom('users').select(['id', 'email_verified_at']).orderBy('id').execute();
      expect(rows.map((row) => ({ id: row.id, verified: row.email_verified_at !== null }))).toEqual([
        { id: 'after', verified: false },
        { id: 'before', verified: true },
      ]);
      await db.selectFrom('email_verifications').selectAll().execute();

      expect((await migrator.migrateTo('0026-email-changes')).error).toBeUndefined();
    });
  });
}
