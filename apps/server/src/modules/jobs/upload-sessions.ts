import { createHash } from 'node:crypto';
import type { RowError } from '@altwise/shared';
import { MAX_JOB_ITEMS } from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { JobFilesTable } from '../../db/schema';
import type { JobFilesRepository } from './job-files';
import { fileRef } from './job-files';
import type { JobRow as InputRow, ParsedRows } from './job-input';
import { MAX_UPLOAD_BYTES, isImage, readFilePart, tooLargeUpload, tooManyFiles } from './job-uploads';

/*
 * Resumable folder uploads (issue 32 row 2). A client names a session (its own random id) and sends
 * the folder's files in pieces, each file at its place in the folder (`first` + its order in the
 * piece). Each file is stored under the session at that place, once: a piece sent again (a retry, a
 * resumed upload) leaves the files already stored as they are. The client asks which places are
 * stored and sends only the others; then the job is made of the session's files, in place order.
 * A session is the account's own: its files are kept under an id derived from the account and the
 * client's name, so another account naming the same session reaches other files. Files no job took are
 * deleted by retention after UNCLAIMED_UPLOAD_MS, as any upload's.
 */

export const sessionParams = z.object({ session: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'A session id is 16 to 64 letters, digits, "-" or "_"') });

/** The upload id (a job_files key, UUID-shaped as fileRef wants) of an account's session. */
export function sessionUploadId(userId: string, session: string): string {
  const hex = createHash('sha256').update(`upload-session\u0000${userId}\u0000${session}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const STORE_BATCH_FILES = 100;
const STORE_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Reads one piece of a session: the `first` field (the place of its first file), then `files` parts
 * named by their relative paths, images only (a zip is sent whole to POST /api/v1/jobs). A file is
 * stored only once the part after it has begun or the body has ended whole: the last file of a body
 * cut short may be truncated, and is never stored (it is sent again on resuming). Refused files are
 * row errors (their place, 1-based, as a whole upload's); they are not stored, so a resumed upload
 * sends them again and hears the same.
 */
export async function readSessionPiece(
  request: FastifyRequest,
  uploadId: string,
  deps: { files: JobFilesRepository; maxImageBytes: number; now: () => number },
): Promise<{ received: number; rowErrors: RowError[] }> {
  const rowErrors: RowError[] = [];
  let first: number | null = null;
  let place = 0;
  let received = 0;
  let held: JobFilesTable | null = null;
  let batch: JobFilesTable[] = [];
  let batchBytes = 0;
  let total = (await deps.files.unclaimed(uploadId)).reduce((sum, file) => sum + file.size, 0);
  const store = async () => {
    const rows = batch;
    batch = [];
    batchBytes = 0;
    await deps.files.insert(rows);
  };
  const release = async () => {
    if (!held) return;
    batch.push(held);
    batchBytes += held.size;
    held = null;
    if (batch.length >= STORE_BATCH_FILES || batchBytes >= STORE_BATCH_BYTES) await store();
  };
  try {
    const parts = request.parts({ preservePath: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_JOB_ITEMS, fields: 1, fieldSize: 32, parts: MAX_JOB_ITEMS + 1 } });
    for await (const part of parts) {
      await release();
      if (part.type !== 'file') {
        if (part.fieldname !== 'first' || first !== null || !/^\d{1,5}$/.test(String(part.value))) throw new AppError('validation_failed', 'Send "first" (the place of the first file, from 0) before the files', 400, [{ field: 'first', message: 'Expected a number before the files' }]);
        first = Number(part.value);
        continue;
      }
      if (first === null || part.fieldname !== 'files') {
        part.file.resume();
        throw new AppError('validation_failed', 'Send "first", then the images as "files" parts', 400, [{ field: part.fieldname, message: 'Unexpected file field' }]);
      }
      const idx = first + place;
      place += 1;
      if (idx >= MAX_JOB_ITEMS) {
        part.file.resume();
        throw new AppError('payload_too_large', `Too many files: at most ${MAX_JOB_ITEMS.toLocaleString('en-US')} files a job`, 413);
      }
      const refuse = (reason: string) => rowErrors.push({ row: idx + 1, reason });
      const filePart = await readFilePart(part, deps.maxImageBytes);
      if ('refused' in filePart) {
        refuse(filePart.refused);
        continue;
      }
      const { path, ...read } = filePart;
      if (read.bytes.length === 0) refuse(`${path}: the file is empty`);
      else if (!isImage(read.bytes.subarray(0, 16))) refuse(`${path}: not an image (JPEG, PNG, GIF, WebP or AVIF)`);
      else {
        total += read.bytes.length;
        if (total > MAX_UPLOAD_BYTES) throw tooLargeUpload();
        held = { upload_id: uploadId, idx, job_id: null, path, size: read.bytes.length, sha256: read.sha256, bytes: read.bytes, created_at: deps.now() };
        received += 1;
      }
    }
    // A connection cut mid-body ends the parts quietly: the file being read then is not kept.
    if (!request.raw.complete) throw AppError.badRequest('The upload was cut short: send the rest again');
    await release();
    await store();
  } catch (error) {
    // The files read whole before the failure stay: resuming skips them.
    await store().catch(() => undefined);
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw tooManyFiles();
    throw AppError.badRequest('The multipart body could not be read');
  }
  if (first === null) throw new AppError('validation_failed', 'Send "first" and the images as "files" parts', 400, [{ field: 'files', message: 'No files' }]);
  return { received, rowErrors };
}

/** The job's rows: the session's files in place order (each an item named by its path). */
export async function sessionRows(files: JobFilesRepository, uploadId: string): Promise<ParsedRows> {
  const stored = await files.unclaimed(uploadId);
  if (stored.length === 0) throw new AppError('validation_failed', 'This upload session holds no files: send them first', 400, [{ field: 'session', message: 'No files' }]);
  const rows: InputRow[] = stored.map((file) => ({ imageUrl: fileRef(uploadId, file.idx), context: null, clientId: null, columns: null, imageHash: file.sha256, path: file.path }));
  return { rows, rowErrors: [], skipped: 0, columnNames: ['path', 'context', 'id'], uploadId };
}
