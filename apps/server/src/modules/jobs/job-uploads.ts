import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RowError } from '@altwise/shared';
import { MAX_JOB_ITEMS } from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { JobRow as InputRow, ParsedRows } from './job-input';
import type { JobFilesRepository } from './job-files';
import type { JobFilesTable } from '../../db/schema';
import { fileRef } from './job-files';
import { EPUB_COLUMNS, EPUB_FILE_IDX, MAX_EPUB_BYTES, epubItems, isEpubPart } from './job-epub';
import { fileNameOf } from './job-name';
import { isZipPart, readZipEntries, spoolToTempFile } from './job-zip';

/** The whole of one upload of files (a folder of 2,000 photos at 10 MB each still fits). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_PATH_LENGTH = 1_024;
const MAX_ROW_ERRORS_KEPT = 1_000;
/** Text fields of the form: the job options. */
const MAX_FIELDS = 10;
/** Files stored in one statement: up to this many, or this many bytes, whichever comes first. */
const STORE_BATCH_FILES = 100;
const STORE_BATCH_BYTES = 8 * 1024 * 1024;

/** A multipart form of image files (`files`, each named by its relative path) and the options as fields. */
export interface FileUpload {
  uploadId: string;
  parsed: ParsedRows;
  fields: Record<string, string>;
  /** Each stored file's path and SHA-256, in order: what an Idempotency-Key's fingerprint is made of. */
  digest: string;
}

/**
 * A relative path as the client named the file: `products/shoes/red.jpg`. Backslashes count as
 * separators (Windows clients); `.` segments are dropped; an absolute path, a drive letter, a `..`
 * segment or a control character refuses the file (null) rather than being "repaired".
 */
export function sanitizePath(name: string): string | null {
  if (!name || name.length > MAX_PATH_LENGTH || [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const unified = name.replaceAll('\\', '/');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) return null;
  const segments = unified.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

/** The image formats the describer reads, by their first bytes (the file name proves nothing). */
export function isImage(head: Buffer): boolean {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) return true;
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return true;
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(head.subarray(8, 12).toString('latin1'))) return true;
  return false;
}

export class TooLarge extends Error {}

export const HOSTILE_NAME = 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)';
export const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`);
export const tooManyFiles = () => new AppError('payload_too_large', `Too many files or parts: at most ${MAX_JOB_ITEMS.toLocaleString('en-US')} files a job`, 413);
const epubAlone = () => AppError.badRequest('Send an EPUB alone: one .epub "files" part (and the options), without other files');
export const tooLargeUpload = () => new AppError('payload_too_large', `The upload is larger than ${MAX_UPLOAD_BYTES / 1024 ** 3} GB: split it into several jobs`, 413);

/** Reads one part up to `cap` bytes (one file in memory at a time, never the whole upload), hashing as it goes. */
export async function readCapped(stream: Readable, cap: number): Promise<{ bytes: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) {
      stream.resume();
      throw new TooLarge();
    }
    hash.update(chunk);
    chunks.push(chunk);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw new TooLarge();
  return { bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}

/**
 * One uploaded image part: its path in the folder and its bytes, or why it is refused (a hostile
 * name, over `cap`). Folder uploads and resumable upload sessions read their parts through it.
 */
export async function readFilePart(part: { filename: string; file: Readable }, cap: number): Promise<{ path: string; bytes: Buffer; sha256: string } | { refused: string }> {
  const path = sanitizePath(part.filename);
  if (!path) {
    part.file.resume();
    return { refused: HOSTILE_NAME };
  }
  try {
    return { path, ...(await readCapped(part.file, cap)) };
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { refused: `${path}: larger than ${megabytes(cap)}` };
  }
}

/**
 * Reads a job's multipart form: one CSV `file` (jobs from URLs), or many `files` parts. Every `files` part is one image named by its relative
 * path, or a `.zip` whose entries are read as files named by their paths in the zip (job-zip.ts). Files are written to job_files as they are read, in groups of up to 100 files or 8 MB (at most a group in memory),
 * under a new upload id the job takes at creation. A file that is not an image, too large, empty or
 * named with a hostile path is refused as a row error (its 1-based position in the upload); the rest
 * go on. A body cut short or malformed is a 400, and what was stored of it is deleted.
 */
export async function readJobForm(
  request: FastifyRequest,
  deps: { files: JobFilesRepository; maxImageBytes: number; maxCsvBytes: number; now: () => number },
): Promise<({ kind: 'files' } & FileUpload) | { kind: 'csv'; bytes: Buffer; fields: Record<string, string>; fileName?: string }> {
  const { files } = deps;
  const uploadId = randomUUID();
  const rows: InputRow[] = [];
  const rowErrors: RowError[] = [];
  const fields: Record<string, string> = {};
  const digest = createHash('sha256');
  let skipped = 0;
  let position = 0;
  let filesSeen = 0;
  let total = 0;
  let csv: Buffer | null = null;
  let book: Awaited<ReturnType<typeof epubItems>> | null = null;
  let bookName: string | undefined;
  let csvName: string | undefined;
  // The zips' file names, and whether a loose file came too: a lone zip (or a book) names the job.
  const zipNames: string[] = [];
  let looseFiles = false;
  // Identical bytes are stored once per upload (so per job): a later file with them points at the first.
  const storedAt = new Map<string, number>();
  // Files read and not yet stored: written in groups, so 10,000 small files are 100 statements, not 10,000.
  let batch: JobFilesTable[] = [];
  let batchBytes = 0;
  const store = async () => {
    const rowsToStore = batch;
    batch = [];
    batchBytes = 0;
    await files.insert(rowsToStore);
  };
  const refuse = (reason: string) => {
    skipped += 1;
    if (rowErrors.length < MAX_ROW_ERRORS_KEPT) rowErrors.push({ row: position, reason });
  };
  /** One file (or zip entry, or a book's image) read whole and within its cap: stored if it is an image, else a row error. */
  const accept = async (path: string, read: { bytes: Buffer; sha256: string }, about: { context: string | null; columns: string | null } = { context: null, columns: null }) => {
    total += read.bytes.length;
    if (total > MAX_UPLOAD_BYTES) throw tooLargeUpload();
    if (read.bytes.length === 0) return refuse(`${path}: the file is empty`);
    if (!isImage(read.bytes.subarray(0, 16))) return refuse(`${path}: not an image (JPEG, PNG, GIF, WebP or AVIF)`);
    let idx = storedAt.get(read.sha256);
    if (idx === undefined) {
      idx = rows.length;
      batch.push({ upload_id: uploadId, idx, job_id: null, path, size: read.bytes.length, sha256: read.sha256, bytes: read.bytes, created_at: deps.now() });
      batchBytes += read.bytes.length;
      storedAt.set(read.sha256, idx);
      if (batch.length >= STORE_BATCH_FILES || batchBytes >= STORE_BATCH_BYTES) await store();
    }
    digest.update(`${path}\u0000${read.sha256}\n`);
    rows.push({ imageUrl: fileRef(uploadId, idx), context: about.context, clientId: null, columns: about.columns, imageHash: read.sha256, path });
  };
  try {
    const parts = request.parts({ preservePath: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_JOB_ITEMS, fields: MAX_FIELDS, fieldSize: 4 * 1024, parts: MAX_JOB_ITEMS + MAX_FIELDS } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw new AppError('validation_failed', `Field ${part.fieldname} is too long`, 400, [{ field: part.fieldname, message: 'Too long' }]);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (book !== null) {
        part.file.resume();
        throw epubAlone();
      }
      if ((part.fieldname === 'files' || part.fieldname === 'file') && isEpubPart(part.filename, part.mimetype)) {
        if (filesSeen > 0 || csv !== null) {
          part.file.resume();
          throw epubAlone();
        }
        filesSeen += 1;
        // A book: its images that need alt text are the items (job-epub.ts); the book is kept with them.
        let read: { bytes: Buffer; sha256: string };
        try {
          read = await readCapped(part.file, MAX_EPUB_BYTES);
        } catch (error) {
          if (error instanceof TooLarge) throw new AppError('payload_too_large', `The EPUB is larger than ${megabytes(MAX_EPUB_BYTES)}`, 413);
          throw error;
        }
        book = await epubItems(read.bytes, deps.maxImageBytes);
        bookName = fileNameOf(part.filename);
        total += read.bytes.length;
        batch.push({ upload_id: uploadId, idx: EPUB_FILE_IDX, job_id: null, path: sanitizePath(part.filename) ?? 'book.epub', size: read.bytes.length, sha256: read.sha256, bytes: read.bytes, created_at: deps.now() });
        await store();
        digest.update(`epub\u0000${read.sha256}\n`);
        for (const item of book.items) {
          position += 1;
          if (item.bytes.length > deps.maxImageBytes) refuse(`${item.path}: larger than ${megabytes(deps.maxImageBytes)}`);
          else await accept(item.path, item, item);
        }
        for (const reason of book.left) {
          position += 1;
          refuse(reason);
        }
        continue;
      }
      const zipped = (part.fieldname === 'files' || part.fieldname === 'file') && csv === null && isZipPart(part.filename, part.mimetype);
      if (part.fieldname === 'file' && position === 0 && csv === null && !zipped) {
        // A CSV of URLs (the older form): read whole, as before, within its own limit.
        try {
          csv = (await readCapped(part.file, deps.maxCsvBytes)).bytes;
          csvName = fileNameOf(part.filename);
        } catch (error) {
          if (error instanceof TooLarge) throw new AppError('payload_too_large', `The CSV is larger than ${deps.maxCsvBytes / (1024 * 1024)} MB`, 413);
          throw error;
        }
        continue;
      }
      if ((part.fieldname !== 'files' && !zipped) || csv !== null) {
        part.file.resume();
        throw new AppError('validation_failed', 'Send the images as "files" parts, or one CSV alone as the "file" part', 400, [{ field: part.fieldname, message: 'Unexpected file field' }]);
      }
      filesSeen += 1;
      if (zipped) {
        // A zip: spooled to disk, then its entries read one at a time, each a row as a file would be.
        const spooled = await spoolToTempFile(part.file, MAX_UPLOAD_BYTES, tooLargeUpload);
        zipNames.push(fileNameOf(part.filename) ?? '');
        for await (const entry of readZipEntries(spooled.fd, {
          zipName: sanitizePath(part.filename) ?? 'The zip',
          zipBytes: spooled.size,
          maxEntryBytes: deps.maxImageBytes,
          maxItems: MAX_JOB_ITEMS - position,
          maxTotalBytes: MAX_UPLOAD_BYTES - total,
          sanitizePath,
          tooMany: tooManyFiles,
          tooLarge: tooLargeUpload,
          describeSize: megabytes,
        })) {
          position += 1;
          if ('refused' in entry) refuse(entry.refused);
          else await accept(entry.path, entry);
        }
        continue;
      }
      position += 1;
      looseFiles = true;
      const read = await readFilePart(part, deps.maxImageBytes);
      if ('refused' in read) refuse(read.refused);
      else await accept(read.path, read);
    }
    // A connection cut mid-body ends the parts quietly: only a complete request is a job.
    if (!request.raw.complete) throw AppError.badRequest('The upload was cut short: send it again');
    await store();
  } catch (error) {
    await files.discard(uploadId).catch(() => undefined);
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooManyFiles();
    throw AppError.badRequest('The multipart body could not be read');
  }
  if (csv !== null) {
    if (csv.length === 0) throw new AppError('validation_failed', 'The uploaded file is empty', 400, [{ field: 'file', message: 'The uploaded file is empty' }]);
    return { kind: 'csv', bytes: csv, fields, fileName: csvName };
  }
  if (filesSeen === 0) throw new AppError('validation_failed', 'Attach the images as "files" parts, each named by its relative path', 400, [{ field: 'files', message: 'No files' }]);
  if (rows.length === 0) {
    await files.discard(uploadId);
    if (book) throw new AppError('validation_failed', 'Nothing to describe: every image of the book has a text alternative, or none could be read', 400, rowErrors.slice(0, 100).map((error) => ({ field: `row ${error.row}`, message: error.reason })));
    throw new AppError('validation_failed', 'No valid files: the job has nothing to process', 400, rowErrors.slice(0, 100).map((error) => ({ field: `row ${error.row}`, message: error.reason })));
  }
  const source = bookName ?? (zipNames.length === 1 && !looseFiles && zipNames[0] ? zipNames[0] : undefined);
  return { kind: 'files', uploadId, parsed: { rows, rowErrors, skipped, columnNames: book ? EPUB_COLUMNS : ['path', 'context', 'id'], uploadId, source }, fields, digest: digest.digest('hex') };
}
