// What makes a fill resumable: every description is written to a cache file beside the project the
// moment it arrives, keyed by the request itself (the image's bytes' hash or its URL, with the
// language and purpose asked for), so a run that was interrupted, or a second run, never pays for
// the same description twice. The verdict (draft or model) is kept with it: a cached draft is still
// a draft.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ImagePurpose, Verification } from '@altwise/shared';
import { verificationSchema } from '@altwise/shared';

export const CACHE_FILE = '.altwise-cache.json';

/** An error-level issue the server's checker found in an answer (its id and message). */
export interface AnswerError {
  id: string;
  message: string;
}

export interface CachedDescription {
  altText: string;
  verification: Verification;
  verificationReason?: string;
  /** The checker's error-level issues with the answer; absent in entries written before they were kept (fill asks the checker then). */
  errors?: AnswerError[];
}

interface CacheShape {
  version: 1;
  entries: Record<string, { altText: string; verification?: string; verificationReason?: string; errors?: unknown; at: string }>;
}

const answerErrors = (value: unknown): AnswerError[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item?.id === 'string' && typeof item?.message === 'string')
    ? value.map((item: AnswerError) => ({ id: item.id, message: item.message }))
    : undefined;

/** The picture (its bytes, or its URL) and what was asked of its description. */
export function requestKey(picture: { url: string } | { bytes: Uint8Array }, asked: { language?: string; purpose?: ImagePurpose }): string {
  const image = 'url' in picture ? `url:${picture.url}` : `sha256:${createHash('sha256').update(picture.bytes).digest('hex')}`;
  const purpose = asked.purpose ? `|${asked.purpose.kind}:${asked.purpose.href ?? ''}:${asked.purpose.label ?? ''}` : '';
  return `${image}${asked.language ? `|lang:${asked.language}` : ''}${purpose}`;
}

export function openCache(file: string) {
  let data: CacheShape = { version: 1, entries: {} };
  if (fs.existsSync(file)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheShape;
      if (parsed.version === 1 && parsed.entries && typeof parsed.entries === 'object') data = parsed;
    } catch {
      // A cache cut short by a crash is only lost work: start a new one.
    }
  }
  return {
    /** An entry without a verdict we can read (written before verdicts existed) counts as absent: it is described again. */
    get(key: string): CachedDescription | undefined {
      const entry = data.entries[key];
      const verification = verificationSchema.safeParse(entry?.verification);
      if (!entry || typeof entry.altText !== 'string' || !verification.success) return undefined;
      return {
        altText: entry.altText,
        verification: verification.data,
        verificationReason: typeof entry.verificationReason === 'string' ? entry.verificationReason : undefined,
        errors: answerErrors(entry.errors),
      };
    },
    /** Written at once, atomically (temp file + rename), so a kill never leaves half a file. */
    set(key: string, description: CachedDescription) {
      data.entries[key] = { ...description, at: new Date().toISOString() };
      const temporary = `${file}.${process.pid}.tmp`;
      fs.rmSync(temporary, { force: true });
      // 'wx': a file (or a planted symlink) already there is an error, never written through.
      fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { flag: 'wx' });
      fs.renameSync(temporary, file);
    },
  };
}

export type DescribeCache = ReturnType<typeof openCache>;
