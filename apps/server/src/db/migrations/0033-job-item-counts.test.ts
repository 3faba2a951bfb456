import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { migrationTestDatabase } from '../../../test/support/migration-test-database';

/** A database migrated up to `0026`, as an instance running before issue 32 row 4 left it. */
const databaseBefore = migrationTestDatabase;

const job = (id: string) => ({ id, user_id: 'u1', api_key_id: null, status: 'running', total: 0, options: '{}', columns: '[]', row_errors: '[]', webhook_url: null, created_at: 1, started_at: null, finished_at: null, waiting_until: null, progress_sent_at: null });
const item = (jobId: string, idx: number, status: string, duplicateOf: number | null = null) => ({ job_id: jobId, idx, image_url: `https://img.example/${idx}.png`, context: null, client_id: null, columns: null, status, lease_owner: null, result: null, error_code: null, error_message: null, review: null, finished_at: null, duplicate_of: duplicateOf });

for (const kind of DATABASES) {
  describe(`migration 0033: job item counts (${kind})`, () => {
    let close: () => Promise<void> = async () => undefined;
    afterEach(() => close());

    it("counts the items of the jobs that exist into their rows", async () => {
      const { db, migrator, drop } = await databaseBefore(kind);
      close = async () => {
        await db.destroy();
        await drop();
      };
      expect((await migrator.migrateTo('0026-email-changes')).error).toBeUndefined();
      await db.insertInto('users').values({ id: 'u1', email: 'a@example.com', password_hash: 'x', first_name: 'A', last_name: 'B', created_at: 1, updated_at: 1 }).execute();
      await db.insertInto('jobs').values([job('j1'), job('j2')]).execute();
      await db
        .insertInto('job_items')
        .values([item('j1', 0, 'succeeded'), item('j1', 1, 'succeeded', 0), item('j1', 2, 'failed'), item('j1', 3, 'pending'), item('j1', 4, 'pending', 3), item('j1', 5, 'cancelled')])
        .execute();

      expect((await migrator.migrateTo('0033-job-item-counts')).error).toBeUndefined();
      const rows = await db.selectFrom('jobs').select(['id', 'items_pending', 'items_succeeded', 'items_failed', 'items_cancelled', 'items_distinct', 'items_pending_distinct']).orderBy('id').execute();
      expect(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'id' ? value : Number(value)])))).toEqual([
        { id: 'j1', items_pending: 2, items_succeeded: 2, items_failed: 1, items_cancelled: 1, items_distinct: 4, items_pending_distinct: 1 },
        { id: 'j2', items_pending: 0, items_succeeded: 0, items_failed: 0, items_cancelled: 0, items_distinct: 0, items_pending_distinct: 0 },
      ]);
    });
  });
}
