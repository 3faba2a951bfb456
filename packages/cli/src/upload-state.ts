// A folder upload's session, kept on disk until its job exists: `altwise job create <folder>` run
// again after an interruption (a dropped connection, Ctrl-C, a crash) resumes it, sending only the
// files the server has not stored. Kept per folder and server, in the user's cache directory (never
// in the folder itself); a folder whose files changed since (names or sizes) starts a new upload.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface SavedUpload {
  session: string;
  fingerprint: string;
}

function cacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'altwise', 'uploads');
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

export function uploadSession(folder: string, baseUrl: string, files: Array<{ path: string; size: number }>) {
  const file = path.join(cacheDir(), `${hash(`${fs.realpathSync(folder)}\u0000${baseUrl}`).slice(0, 32)}.json`);
  const fingerprint = hash(files.map((entry) => `${entry.path}\u0000${entry.size}`).join('\n'));
  let saved: SavedUpload | null = null;
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedUpload;
  } catch {
    saved = null;
  }
  const resumable = saved !== null && saved.fingerprint === fingerprint && /^[A-Za-z0-9_-]{16,64}$/.test(saved.session);
  const session = resumable ? saved!.session : randomUUID().replaceAll('-', '');
  return {
    session,
    /** Whether an earlier, interrupted upload of these same files is continued. */
    resumable,
    save() {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ session, fingerprint } satisfies SavedUpload));
    },
    /** The job exists: nothing left to resume. */
    forget() {
      fs.rmSync(file, { force: true });
    },
  };
}
