// What `altwise job create <folder>` sends: the images under a folder, each named by its path relative
// to it. A folder may be anyone's (a download, a cloned repository): dotfiles are skipped, a link that
// leads out of the folder is not followed, a link back into a folder already walked is walked once,
// and a file is sent only when its first bytes make it an image.
import fs from 'node:fs';
import path from 'node:path';
import { looksLikeImage } from './fill/image-bytes';
import { isInside } from './fill/folder-guard';

export interface FolderFile {
  /** Relative to the folder, with "/" separators: the job item's `path`. */
  path: string;
  /** Where it is read from. */
  file: string;
  size: number;
}

export interface FolderScan {
  files: FolderFile[];
  /** Files passed over, with why (not an image, a link out of the folder, unreadable). */
  skipped: Array<{ path: string; reason: string }>;
}

const HEAD_BYTES = 64;

function head(file: string): Buffer | null {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const bytes = Buffer.alloc(HEAD_BYTES);
    const read = fs.readSync(fd, bytes, 0, HEAD_BYTES, 0);
    return bytes.subarray(0, read);
  } catch {
    return null;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** The images under `folder`, in a stable order (sorted by path). */
export function scanFolder(folder: string): FolderScan {
  const root = fs.realpathSync(folder);
  const files: FolderFile[] = [];
  const skipped: FolderScan['skipped'] = [];
  const walked = new Set<string>();
  const walk = (directory: string, relative: string) => {
    const real = fs.realpathSync(directory);
    if (walked.has(real)) return;
    walked.add(real);
    const entries = fs.readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(directory, entry.name);
      const shown = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink() && !isInside(full, [root])) {
        skipped.push({ path: shown, reason: 'a link that leads out of the folder' });
        continue;
      }
      let stats: fs.Stats;
      try {
        stats = fs.statSync(full);
      } catch {
        skipped.push({ path: shown, reason: 'unreadable (a broken link?)' });
        continue;
      }
      if (stats.isDirectory()) {
        walk(full, shown);
        continue;
      }
      // A FIFO or a device could block the walk or mean nothing.
      if (!stats.isFile()) continue;
      const bytes = head(full);
      if (!bytes) {
        skipped.push({ path: shown, reason: 'unreadable' });
        continue;
      }
      if (!looksLikeImage(bytes)) {
        skipped.push({ path: shown, reason: 'not an image (JPEG, PNG, GIF, WebP or AVIF)' });
        continue;
      }
      files.push({ path: shown, file: full, size: stats.size });
    }
  };
  walk(root, '');
  return { files, skipped };
}

/** 1.5 MB, 820 KB, 12 bytes: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
