import type { Kysely } from 'kysely';

/*
 * audits: one page audit per row, kept in the account's history until deleted. The images and
 * their verdicts are one JSON document (`result`): they are always read and written whole, and
 * the same text works on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('final_url', 'text', (col) => col.notNull())
    .addColumn('page_title', 'text')
    .addColumn('suggest', 'integer', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audits_user_created_idx').on('audits').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audits').ifExists().execute();
}
