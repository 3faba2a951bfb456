import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { migrationTestDatabase } from '../../../test/support/migration-test-database';

/** A database migrated up to `0010`, as an instance running before issue 19 left it. */
const databaseBefore = migrationTestDatabase;

const generation = (id: string, provider: string) => ({
  id,
  user_id: 'u1',
  api_key_id: null,
  source: `https://img.example/${id}.png`,
  alt_text: 'A red bicycle against a brick wall',
  long_description: null,
  is_decorative: 0,
  contains_text: 0,
  text_in_image: null,
  wcag_compliant: 1,
  issues: '[]',
  provider,
  model: provider === 'offline' ? 'offline' : 'gpt-4o-mini',
  cached: 0,
  processing_ms: 5,
  created_at: 1_700_000_000_000,
  request_ref: null,
  thumbnail: null,
});

for (const kind of DATABASES) {
  describe(`migration 0011: verification of stored history (${kind})`, () => {
    let close: () => Promise<void> = async () => undefined;
    afterEach(() => close());

    it('reads old offline rows as drafts (no longer compliant) and the others as model answers', async () => {
      const { db, migrator, drop } = await databaseBefore(kind);
      close = async () => {
        await db.destroy();
        await drop();
      };
      expect((await migrator.migrateTo('0010-webhook-default-url')).error).toBeUndefined();
      await db.insertInto('users').values({ id: 'u1', email: 'a@example.com', password_hash: 'x', first_name: 'A', last_name: 'B', created_at: 1, updated_at: 1 }).execute();
      await db.insertInto('generations').values([generation('g-offline', 'offline'), generation('g-model', 'openai-compatible')]).execute();

      expect((await migrator.migrateTo('0011-verification-and-purpose')).error).toBeUndefined();
      const rows = await db.selectFrom('generations').select(['id', 'verification', 'wcag_compliant']).orderBy('id').execute();
      expect(rows.map((row) => ({ ...row, wcag_compliant: Number(row.wcag_compliant) }))).toEqual([
        { id: 'g-model', verification: 'model', wcag_compliant: 1 },
        { id: 'g-offline', verification: 'draft', wcag_compliant: 0 },
      ]);
      // Job items get a purpose column, empty for the items already stored.
      await db.selectFrom('job_items').select(['purpose']).execute();

      expect((await migrator.migrateTo('0010-webhook-default-url')).error).toBeUndefined();
    });
  });
}
