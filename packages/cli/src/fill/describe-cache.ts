// What makes a fill resumable: every description is written to a cache file beside the project the
// moment it arrives, keyed by the image itself (its bytes' hash, or its URL), so a run that was
// interrupted, or a second run, never pays for the same image twice.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ImageSource } from './found-image';

export const CACHE_FILE = '.altwise-cache.json';

interface CacheShape {
  version: 1;
  entries: Record<string, { altText: string; at: string }>;
}

export function imageKey(source: ImageSource): string | null {
  if (source.kind === 'url') return `url:${source.url}`;
  if (source.kind === 'file') {
    if (!fs.existsSync(source.path)) return null;
    return `sha256:${createHash('sha256').update(fs.readFileSync(source.path)).digest('hex')}`;
  }
  return null;
}

export function openCache(file: string) {
  let data: CacheShape = { version: 1, entries: {} };
  if (fs.existsSync(file)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheShape;
      if (parsed.version === 1 && parsed.entries) data = parsed;
    } catch {
      // A cache cut short by a crash is only lost work: start a new one.
    }
  }
  return {
    get: (key: string) => data.entries[key]?.altText,
    /** Written at once, atomically (temp file + rename), so a kill never leaves half a file. */
    set(key: string, altText: string) {
      data.entries[key] = { altText, at: new Date().toISOString() };
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`);
      fs.renameSync(temporary, file);
    },
  };
}

export type DescribeCache = ReturnType<typeof openCache>;
