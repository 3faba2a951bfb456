// What a dropped folder, a pick of many files or a .zip becomes before a job is created: each file
// named by its path relative to what was chosen (the job item's `path`), and the files left out, with why.

/** A job takes at most this many files (the API's limit, checked here before anything is sent). */
export const MAX_JOB_FILES = 10_000;

export interface PickedFile {
  /** Relative, "/"-separated: "products/shoes/red.jpg". */
  path: string;
  file: File;
}

export interface Picked {
  files: PickedFile[];
  skipped: Array<{ path: string; reason: string }>;
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif)$/i;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

export const isZip = (file: { path: string; file: File }) => /\.zip$/i.test(file.path) || ZIP_TYPES.has(file.file.type);

/** Keeps images and zips; leaves out what a folder carries besides them (dotfiles, __MACOSX/, documents). */
export function sortPicked(candidates: PickedFile[]): Picked {
  const files: PickedFile[] = [];
  const skipped: Picked['skipped'] = [];
  for (const candidate of candidates) {
    const segments = candidate.path.split('/');
    if (segments[0] === '__MACOSX' || segments.some((segment) => segment.startsWith('.'))) skipped.push({ path: candidate.path, reason: 'hidden or system file' });
    else if (isZip(candidate) || IMAGE_TYPES.has(candidate.file.type) || IMAGE_EXTENSIONS.test(candidate.path)) files.push(candidate);
    else skipped.push({ path: candidate.path, reason: 'not an image (JPEG, PNG, GIF, WebP or AVIF) or a .zip' });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

/** From an <input type="file" multiple> or one with webkitdirectory (whose files carry their relative path). */
export function fromFileList(list: FileList | File[]): Picked {
  return sortPicked(Array.from(list, (file) => ({ path: file.webkitRelativePath || file.name, file })));
}

const entryFile = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A folder's entries: readEntries answers in batches (100 in Chromium) until an empty one. */
async function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  const path = entry.fullPath.replace(/^\/+/, '') || entry.name;
  if (entry.isFile) {
    into.push({ path, file: await entryFile(entry as FileSystemFileEntry) });
    return;
  }
  if (!entry.isDirectory) return;
  // Hidden folders (.git, .cache) are not walked at all: they can hold thousands of files.
  if (entry.name.startsWith('.')) return;
  for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, into);
}

/**
 * What was dropped. The entries must be taken while the drop event runs (its items are emptied
 * after), so this is called synchronously from the handler; the folders are walked afterwards.
 */
export function fromDataTransfer(transfer: DataTransfer): () => Promise<Picked> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() ?? null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) loose.push(...Array.from(transfer.files ?? []));
  return async () => {
    const found: PickedFile[] = loose.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    for (const entry of entries) await walk(entry, found);
    return sortPicked(found);
  };
}

/** 1.5 MB, 820 KB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
