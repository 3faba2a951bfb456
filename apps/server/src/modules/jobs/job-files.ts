import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, JobFilesTable } from '../../db/schema';

/**
 * An item made from an uploaded file names its bytes with this internal reference in image_url
 * (never shown: the API gives such an item `imageUrl: null` and its `path`). Not a URL any fetcher
 * accepts, so a file item can never be fetched from the network by mistake.
 */
const FILE_REF = /^altwise-file:([0-9a-f-]{36})\/(\d{1,6})$/;

export const fileRef = (uploadId: string, idx: number) => `altwise-file:${uploadId}/${idx}`;
export const isFileRef = (imageUrl: string) => FILE_REF.test(imageUrl);

/** An upload not taken by a job within this long is deleted (a refused job, a replayed request, a crash). */
export const UNCLAIMED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export function createJobFilesRepository(db: Kysely<Database>) {
  return {
    /**
     * Several files in one statement (an upload's small files go in groups: a statement a file was its
     * slowest part). A file already stored at its place (a resumed upload session sending it again) is left as it is.
     */
    async insert(rows: JobFilesTable[]): Promise<void> {
      if (rows.length) await db.insertInto('job_files').values(rows).onConflict((oc) => oc.columns(['upload_id', 'idx']).doNothing()).execute();
    },

    /** An upload session's files no job took yet, in their places' order (what a resumed upload skips, what its job is made of). */
    async unclaimed(uploadId: string): Promise<Array<{ idx: number; path: string; sha256: string; size: number }>> {
      const rows = await db.selectFrom('job_files').select(['idx', 'path', 'sha256', 'size']).where('upload_id', '=', uploadId).where('job_id', 'is', null).orderBy('idx').execute();
      return rows.map((row) => ({ idx: Number(row.idx), path: row.path, sha256: row.sha256, size: Number(row.size) }));
    },

    /** The job takes its upload, in the job's creation transaction. */
    async claim(uploadId: string, jobId: string, trx: Executor): Promise<void> {
      await trx.updateTable('job_files').set({ job_id: jobId }).where('upload_id', '=', uploadId).where('job_id', 'is', null).execute();
    },

    /** An upload no job took (refused, replayed, cut short). */
    async discard(uploadId: string): Promise<void> {
      await db.deleteFrom('job_files').where('upload_id', '=', uploadId).where('job_id', 'is', null).execute();
    },

    /** The bytes of a file item, and its path as its file name; null when gone with its job. */
    async read(imageUrl: string): Promise<{ bytes: Buffer; fileName: string } | null> {
      const match = FILE_REF.exec(imageUrl);
      if (!match) return null;
      const row = await db.selectFrom('job_files').select(['bytes', 'path']).where('upload_id', '=', match[1]!).where('idx', '=', Number(match[2])).executeTakeFirst();
      return row ? { bytes: Buffer.from(row.bytes), fileName: row.path } : null;
    },

    /** A job's own file at `idx` (an EPUB job's book: job-epub.ts), with its name; null when there is none. */
    async ofJob(jobId: string, idx: number): Promise<{ bytes: Buffer; fileName: string } | null> {
      const row = await db.selectFrom('job_files').select(['bytes', 'path']).where('job_id', '=', jobId).where('idx', '=', idx).executeTakeFirst();
      return row ? { bytes: Buffer.from(row.bytes), fileName: row.path } : null;
    },

    /** Whether a job was made from uploaded files (any of its own). */
    async hasFiles(jobId: string): Promise<boolean> {
      return (await db.selectFrom('job_files').select('idx').where('job_id', '=', jobId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Retention: uploads no job took within UNCLAIMED_UPLOAD_MS (a job's own go with it, by cascade). */
    async deleteUnclaimedBefore(trx: Executor, cutoff: number): Promise<number> {
      const result = await trx.deleteFrom('job_files').where('job_id', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type JobFilesRepository = ReturnType<typeof createJobFilesRepository>;

/** The runner's image of an item: an uploaded file's bytes (read from any instance), else its URL. */
export function jobImageReader(files: Pick<JobFilesRepository, 'read'>) {
  return async (imageUrl: string): Promise<{ url: string } | { bytes: Buffer; fileName: string }> => {
    if (!isFileRef(imageUrl)) return { url: imageUrl };
    const file = await files.read(imageUrl);
    // Gone with its job (deleted meanwhile): the item cannot be described.
    if (!file) throw new Error('The uploaded file is no longer stored');
    return file;
  };
}
