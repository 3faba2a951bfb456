// An EPUB's container (OCF): a zip whose first entry is `mimetype`, stored. Read whole into memory
// with limits checked from the central directory before anything is inflated, and again while
// inflating (yauzl refuses an entry whose data is longer than it declared); written back with
// `mimetype` first and stored and every other entry's content unchanged, in the same order.
import yauzl from 'yauzl';
import yazl from 'yazl';

export const EPUB_MIMETYPE = 'application/epub+zip';

/** Limits of a publication read into memory. */
export interface EpubLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  /** An entry inflating to more than this many times its compressed size (past entryRatioFloor bytes) is a bomb. */
  entryRatio: number;
  entryRatioFloor: number;
  /** The archive inflating to more than this many times its own size (past archiveRatioFloor bytes) is a bomb. */
  archiveRatio: number;
  archiveRatioFloor: number;
}

/** The CLI's limits. A real book has tens to hundreds of entries; the server passes its upload limits. */
export const EPUB_LIMITS: EpubLimits = {
  entries: 5_000,
  entryBytes: 100 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  entryRatio: 100,
  entryRatioFloor: 1024 * 1024,
  archiveRatio: 100,
  archiveRatioFloor: 10 * 1024 * 1024,
};

export interface EpubEntry {
  name: string;
  data: Buffer;
  /** Deflated in the input: written deflated again (stored stays stored). */
  compressed: boolean;
  mtime: Date;
}

export class EpubRefused extends Error {
  override name = 'EpubRefused';
}

/** Refused for its size: an entry or the whole too large, or a zip bomb (the server's 413). */
export class EpubTooLarge extends EpubRefused {
  override name = 'EpubTooLarge';
}

/** A name that stays inside the container: relative, no `..` step, no backslash or drive, no NUL. */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.includes('\0') || /^[a-zA-Z]:/.test(name)) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // strictFileNames: yauzl itself refuses absolute names, backslashes and `..` steps too.
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => (error ? reject(new EpubRefused(`not a zip archive: ${error.message}`)) : resolve(zip)));
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: EpubLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new EpubRefused(`${entry.fileName}: ${error.message}`));
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        length += chunk.length;
        // Declared sizes are checked before; this guards the inflater against a lying header.
        if (length > limits.entryBytes) stream.destroy(new EpubTooLarge(`${entry.fileName}: larger than ${limits.entryBytes} bytes`));
        else chunks.push(chunk);
      });
      stream.on('error', (streamError) => reject(streamError instanceof EpubRefused ? streamError : new EpubRefused(`${entry.fileName}: ${streamError.message}`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The central directory's entries, checked: names, count, sizes and ratios, before any is inflated. */
async function checkedEntries(zip: yauzl.ZipFile, archiveBytes: number, limits: EpubLimits): Promise<yauzl.Entry[]> {
  if (zip.entryCount > limits.entries) throw new EpubTooLarge(`more than ${limits.entries} entries`);
  const entries: yauzl.Entry[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    // yauzl's own name checks (absolute, `..`, backslash) end here too.
    zip.on('error', (error: Error) => reject(new EpubRefused(`refused zip archive: ${error.message}`)));
    zip.readEntry();
  });
  const names = new Set<string>();
  for (const entry of entries) {
    if (!isSafeEntryName(entry.fileName)) throw new EpubRefused(`refused entry name ${JSON.stringify(entry.fileName)}: it leads outside the container`);
    if (names.has(entry.fileName)) throw new EpubRefused(`entry ${entry.fileName} appears twice`);
    names.add(entry.fileName);
    if (entry.isEncrypted()) throw new EpubRefused(`${entry.fileName}: zip-encrypted entries are not supported`);
    if (entry.uncompressedSize > limits.entryBytes) throw new EpubTooLarge(`${entry.fileName}: larger than ${limits.entryBytes} bytes`);
    if (entry.uncompressedSize > limits.entryRatioFloor && entry.uncompressedSize > limits.entryRatio * Math.max(1, entry.compressedSize)) {
      throw new EpubTooLarge(`${entry.fileName}: inflates more than ${limits.entryRatio} times (a zip bomb?)`);
    }
    total += entry.uncompressedSize;
  }
  if (total > limits.totalBytes) throw new EpubTooLarge(`inflates to more than ${limits.totalBytes} bytes`);
  if (total > limits.archiveRatioFloor && total > limits.archiveRatio * archiveBytes) throw new EpubTooLarge(`inflates more than ${limits.archiveRatio} times its size (a zip bomb?)`);
  return entries;
}

/** Every entry of the EPUB, in archive order; refuses what is not an OCF container, or passes `limits`. */
export async function readEpub(bytes: Buffer, limits: EpubLimits = EPUB_LIMITS): Promise<EpubEntry[]> {
  const zip = await openZip(bytes);
  try {
    const entries = await checkedEntries(zip, bytes.length, limits);
    const first = entries[0];
    if (!first || first.fileName !== 'mimetype') throw new EpubRefused('not an EPUB: its first entry must be "mimetype"');
    const read: EpubEntry[] = [];
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      read.push({ name: entry.fileName, data: await readEntry(zip, entry, limits), compressed: entry.compressionMethod !== 0, mtime: entry.getLastModDate() });
    }
    if (read[0]?.data.toString('latin1') !== EPUB_MIMETYPE) throw new EpubRefused(`not an EPUB: "mimetype" must say ${EPUB_MIMETYPE}`);
    return read;
  } finally {
    zip.close();
  }
}

/** The archive again: `mimetype` first and stored, then the rest in order, `replaced` ones with their new content. */
export function writeEpub(entries: readonly EpubEntry[], replaced: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  // OCF: stored, and no extra field (yazl's extended timestamp is one).
  zip.addBuffer(Buffer.from(EPUB_MIMETYPE, 'latin1'), 'mimetype', { compress: false, mtime: entries[0]?.mtime, forceDosTimestamp: true });
  for (const entry of entries) {
    if (entry.name === 'mimetype') continue;
    zip.addBuffer(replaced.get(entry.name) ?? entry.data, entry.name, { compress: entry.compressed, mtime: entry.mtime });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
