import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

/*
 * Jobs from uploaded files (issue 23): each file's bytes in job_files, in the database because it is
 * the store every instance and worker reads. A file is written while the upload streams in, under
 * the upload's id, before its job exists; the job then takes it (job_id), and the files go with the
 * job (ON DELETE CASCADE: account deletion, retention). An upload that never became a job (a broken
 * connection, a refused job) is deleted by retention. job_items.path: the file's relative path as
 * uploaded ("products/shoes/red.jpg"); NULL for an item from a URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('job_files')
    .addColumn('upload_id', 'text', (col) => col.notNull())
    .addColumn('idx', 'integer', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.references('jobs.id').onDelete('cascade'))
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('bytes', bytes, (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_files_pk', ['upload_id', 'idx'])
    .execute();
  await db.schema.createIndex('job_files_job_idx').on('job_files').column('job_id').execute();
  await db.schema.createIndex('job_files_orphan_idx').on('job_files').columns(['job_id', 'created_at']).execute();
  await db.schema.alterTable('job_items').addColumn('path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').dropColumn('path').execute();
  await db.schema.dropTable('job_files').ifExists().execute();
}
