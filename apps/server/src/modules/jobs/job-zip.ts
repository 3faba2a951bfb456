import { createHash, randomUUID } from 'node:crypto';
import { close, open, unlink, write } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors';

const openFile = promisify(open);
const writeFile = promisify(write);
const closeFile = promisify(close);
const unlinkFile = promisify(unlink);

/**
 * An image hardly deflates (JPEG, PNG, WebP and AVIF are compressed already): an entry that inflates past
 * this many times its compressed size, once past RATIO_FLOOR, is a zip bomb, and the whole zip is refused.
 */
export const ZIP_MAX_RATIO = 100;
export const RATIO_FLOOR = 32 * 1024;
/**
 * The same rule over the whole zip, tighter (a zip of images inflates to about its own size): many
 * entries each under ZIP_MAX_RATIO must not add up to a database filled from a small upload. Below
 * twice the largest entry allowed, a zip is judged by the per-entry rule alone.
 */
export const ZIP_MAX_TOTAL_RATIO = 10;
/** A local header is at least this long before its name and data: the least room an entry takes. */
const LOCAL_HEADER_BYTES = 30;
/** Directories, `__MACOSX/` and dotfiles are skipped without a row: this many records may be read for them. */
const MAX_RECORDS_PER_ITEM = 2;

/** A part is a zip by its name or its declared type (its bytes are checked when it is opened). */
export function isZipPart(fileName: string, mimeType: string): boolean {
  return /\.zip$/i.test(fileName) || mimeType === 'application/zip' || mimeType === 'application/x-zip-compressed';
}

const damaged = () => AppError.badRequest('The zip file could not be read: it is damaged or cut short. Nothing was kept: send it again');
const overlapping = () => AppError.badRequest('The zip file has entries that share or overlap their data (a hostile zip): it is refused whole. Nothing was kept');

/**
 * Two entries of one zip never share bytes in a zip any tool writes; a hostile one points many
 * directory entries at one local header (or into another entry's data) so that a small upload
 * inflates to many copies. Each entry takes at least its local header and its compressed data.
 */
function assertNoOverlap(ranges: Array<{ start: number; end: number }>): void {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) if (sorted[i]!.start < sorted[i - 1]!.end) throw overlapping();
}

/**
 * Writes a zip part to a temporary file, never holding it in memory (a zip is read from its end, so it
 * cannot be read as it streams in). The file is unlinked as soon as it is open: only the descriptor
 * names it, and the system reclaims it when that closes, even if the process is killed.
 */
export async function spoolToTempFile(stream: Readable, cap: number, tooLarge: () => Error): Promise<{ fd: number; size: number }> {
  const path = join(tmpdir(), `altwise-upload-${randomUUID()}.zip`);
  const fd = await openFile(path, 'wx+', 0o600);
  let size = 0;
  try {
    await unlinkFile(path);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) {
        stream.resume();
        throw tooLarge();
      }
      let written = 0;
      while (written < chunk.length) written += (await writeFile(fd, chunk, written, chunk.length - written, null)).bytesWritten;
    }
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    return { fd, size };
  } catch (error) {
    await closeFile(fd).catch(() => undefined);
    throw error;
  }
}

/** One entry of a zip: its bytes, or why it is refused (a row error); `path` is null for a hostile name. */
export type ZipEntry = { path: string; bytes: Buffer; sha256: string } | { path: string | null; refused: string };

export interface ZipLimits {
  /** The zip's own name and size (its compressed bytes), for the whole-zip ratio. */
  zipName: string;
  zipBytes: number;
  maxEntryBytes: number;
  /** Entries that become rows (refused ones included), like files in an upload. */
  maxItems: number;
  /** Bytes inflated over the whole zip. */
  maxTotalBytes: number;
  sanitizePath: (name: string) => string | null;
  tooMany: () => Error;
  tooLarge: () => Error;
  describeSize: (bytes: number) => string;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What a zip tool leaves behind, not the user's images: skipped without a row. */
function isJunk(path: string): boolean {
  const segments = path.split('/');
  return segments[0] === '__MACOSX' || segments.some((segment) => segment.startsWith('.'));
}

class EntryTooLarge extends Error {}

/**
 * Inflates one entry up to `cap` bytes, counting what actually comes out (the header's sizes are
 * only claims): past the cap the stream is destroyed; past ZIP_MAX_RATIO times its compressed size
 * the zip is a bomb.
 */
async function inflateCapped(stream: Readable, cap: number, compressedSize: number, onBytes: (n: number) => void, bomb: () => Error) {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      onBytes(chunk.length);
      if (size > RATIO_FLOOR && size > ZIP_MAX_RATIO * Math.max(compressedSize, 1)) throw bomb();
      if (size > cap) throw new EntryTooLarge();
      hash.update(chunk);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return { bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}

/**
 * The entries of a zip spooled by spoolToTempFile, one at a time (one entry in memory, the zip read
 * from disk; `fd` is closed at the end). Directories, `__MACOSX/` and dotfiles are skipped. Refused
 * per entry (a row error): a hostile path (absolute, `..`), a symbolic link, an encrypted entry, an
 * unknown compression method, a zip inside the zip, an entry over maxEntryBytes. Refused whole: a
 * damaged or truncated zip (400), entries that share or overlap their bytes (400), too many entries,
 * too many bytes, a zip bomb, or a zip inflating past ZIP_MAX_TOTAL_RATIO times its size (413).
 */
export async function* readZipEntries(fd: number, limits: ZipLimits): AsyncGenerator<ZipEntry> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded here, not by yauzl, which would refuse the whole zip for one hostile name.
    zip = await yauzl.fromFdPromise(fd, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false });
  } catch {
    await closeFile(fd).catch(() => undefined);
    throw damaged();
  }
  // yauzl may report a late error (closing its file) when nobody iterates: never an unhandled event.
  zip.on('error', () => undefined);
  let inflated = 0;
  const maxByRatio = Math.max(ZIP_MAX_TOTAL_RATIO * limits.zipBytes, 2 * limits.maxEntryBytes);
  const count = (n: number) => {
    inflated += n;
    if (inflated > limits.maxTotalBytes) throw limits.tooLarge();
    if (inflated > maxByRatio) {
      throw new AppError('payload_too_large', `${limits.zipName} inflates to more than ${ZIP_MAX_TOTAL_RATIO} times its size: a zip of images hardly compresses, so it is refused whole`, 413);
    }
  };
  const bomb = (path: string) => () => new AppError('payload_too_large', `${path} inflates to more than ${ZIP_MAX_RATIO} times its compressed size: a zip bomb is refused whole`, 413);
  try {
    if (zip.entryCount > limits.maxItems * MAX_RECORDS_PER_ITEM) throw limits.tooMany();
    // The directory first (names and sizes only): too many entries is refused before anything is inflated or kept.
    const listed: Array<{ entry: yauzl.Entry; path: string | null }> = [];
    const ranges: Array<{ start: number; end: number }> = [];
    const entries = zip.eachEntry();
    for (;;) {
      let next: IteratorResult<yauzl.Entry>;
      try {
        next = await entries.next();
      } catch {
        throw damaged();
      }
      if (next.done) break;
      const entry = next.value;
      ranges.push({ start: entry.relativeOffsetOfLocalHeader, end: entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + entry.compressedSize });
      const raw = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      if (raw.endsWith('/')) continue;
      const path = limits.sanitizePath(raw);
      if (path && isJunk(path)) continue;
      listed.push({ entry, path });
      if (listed.length > limits.maxItems) throw limits.tooMany();
    }
    assertNoOverlap(ranges);
    for (const { entry, path } of listed) {
      if (!path) {
        yield { path: null, refused: 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)' };
        continue;
      }
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) {
        yield { path, refused: `${path}: a symbolic link, not a file` };
        continue;
      }
      if (entry.isEncrypted()) {
        yield { path, refused: `${path}: encrypted: zip the images without a password` };
        continue;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        yield { path, refused: `${path}: compressed with a method other than Deflate` };
        continue;
      }
      if (/\.zip$/i.test(path)) {
        yield { path, refused: `${path}: a zip inside the zip is not opened: add its images instead` };
        continue;
      }
      const tooLarge = { path, refused: `${path}: larger than ${limits.describeSize(limits.maxEntryBytes)}` };
      // A header that admits the entry is too large saves inflating it; one that claims less is not believed.
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        yield tooLarge;
        continue;
      }
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw damaged();
      }
      let read: { bytes: Buffer; sha256: string };
      try {
        read = await inflateCapped(stream, limits.maxEntryBytes, entry.compressedSize, count, bomb(path));
      } catch (error) {
        if (error instanceof EntryTooLarge) {
          yield tooLarge;
          continue;
        }
        if (error instanceof AppError) throw error;
        throw damaged();
      }
      if (read.bytes.subarray(0, 4).equals(LOCAL_HEADER)) {
        yield { path, refused: `${path}: a zip inside the zip is not opened: add its images instead` };
        continue;
      }
      yield { path, ...read };
    }
  } finally {
    // Closes the descriptor (and so frees the temporary file) once no entry stream holds it.
    zip.close();
  }
}
