// How many images a picked .zip holds, read from its central directory (the list at the end of the
// file) without unpacking or sending it, so a job of a zip is estimated before it starts. The
// server's rules for what it skips or refuses are followed as far as names and flags tell them.
import { isZip } from './picked-files';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const TAIL = 22 + 0xffff;
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif)$/i;

/** A slice of the file, read through FileReader (which every browser, and jsdom in tests, has). */
function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new DataView(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(start, end));
  });
}

/** Where the central directory lies and how long it is; null when the file is not a zip this can read. */
async function centralDirectory(file: Blob): Promise<{ offset: number; size: number } | null> {
  const tailStart = Math.max(0, file.size - TAIL);
  const tail = await bytesOf(file, tailStart, file.size);
  for (let at = tail.byteLength - 22; at >= 0; at -= 1) {
    if (tail.getUint32(at, true) !== EOCD) continue;
    const size = tail.getUint32(at + 12, true);
    const offset = tail.getUint32(at + 16, true);
    if (size !== 0xffffffff && offset !== 0xffffffff && tail.getUint16(at + 10, true) !== 0xffff) return { offset, size };
    // ZIP64: the locator, just before the end record, says where the 64-bit record is.
    if (at < 20 || tail.getUint32(at - 20, true) !== ZIP64_LOCATOR) return null;
    const recordAt = Number(tail.getBigUint64(at - 20 + 8, true));
    const record = await bytesOf(file, recordAt, recordAt + 56);
    if (record.byteLength < 56 || record.getUint32(0, true) !== ZIP64_EOCD) return null;
    return { size: Number(record.getBigUint64(40, true)), offset: Number(record.getBigUint64(48, true)) };
  }
  return null;
}

/**
 * The entries of the zip the job would describe: files named like images, outside __MACOSX/ and
 * hidden folders, neither links nor encrypted (those the server refuses as row errors, uncharged).
 * Null when the zip cannot be read here: the server then counts it when it is uploaded.
 */
export async function countZipImages(file: Blob): Promise<number | null> {
  const directory = await centralDirectory(file);
  if (!directory || directory.offset + directory.size > file.size) return null;
  const entries = await bytesOf(file, directory.offset, directory.offset + directory.size);
  const decoder = new TextDecoder();
  let images = 0;
  for (let at = 0; at + 46 <= entries.byteLength; ) {
    if (entries.getUint32(at, true) !== ENTRY) return null;
    const flags = entries.getUint16(at + 8, true);
    const nameLength = entries.getUint16(at + 28, true);
    const extraLength = entries.getUint16(at + 30, true);
    const commentLength = entries.getUint16(at + 32, true);
    const mode = entries.getUint32(at + 38, true) >>> 16;
    const name = decoder.decode(new Uint8Array(entries.buffer, entries.byteOffset + at + 46, Math.min(nameLength, entries.byteLength - at - 46)));
    at += 46 + nameLength + extraLength + commentLength;
    const segments = name.split('/');
    const junk = name.endsWith('/') || segments[0] === '__MACOSX' || segments.some((segment) => segment.startsWith('.'));
    const link = (mode & 0o170000) === 0o120000;
    if (!junk && !link && (flags & 1) === 0 && IMAGE_NAME.test(name)) images += 1;
  }
  return images;
}

/**
 * The images a pick of files would make a job of: each loose image one, each zip what its
 * directory lists. Throws, with what to do, when a zip cannot be read here.
 */
export async function countPickedImages(files: Array<{ path: string; file: File }>): Promise<number> {
  let images = 0;
  for (const picked of files) {
    if (!isZip(picked)) {
      images += 1;
      continue;
    }
    const inside = await countZipImages(picked.file);
    if (inside === null) throw new Error(`${picked.path} could not be read here; its images are counted when the job starts.`);
    images += inside;
  }
  if (images === 0) throw new Error('None of the chosen files is an image a job can describe.');
  return images;
}
