import { JOB_NAME_MAX_LENGTH } from '@altwise/shared';
import type { JobRow } from './job-input';

/** The name of a job made before jobs had names (migration 0039). */
export const UNNAMED_JOB = 'Bulk job';

const clip = (name: string) => (name.length > JOB_NAME_MAX_LENGTH ? `${name.slice(0, JOB_NAME_MAX_LENGTH - 1)}…` : name);
/** The last segment of a client's file name ("C:\\exports\\products.csv" → "products.csv"), control characters dropped. */
export function fileNameOf(name: string | undefined): string | undefined {
  const last = name?.replaceAll('\\', '/').split('/').filter(Boolean).at(-1)?.replace(/\p{Cc}/gu, '').trim();
  return last ? clip(last) : undefined;
}

/** Uploaded files: their shared top folder ("summer-photos"), one file's own name, or "12 files". */
function nameFromPaths(paths: string[]): string {
  const tops = new Set(paths.map((path) => (path.includes('/') ? path.split('/')[0] : null)));
  const [top] = tops;
  if (tops.size === 1 && top) return top;
  if (paths.length === 1) return fileNameOf(paths[0]) ?? '1 file';
  return `${paths.length.toLocaleString('en-US')} files`;
}

/** Image URLs: their site ("Images from example.com"), or how many sites ("Images from 3 sites"). */
function nameFromUrls(urls: string[]): string {
  const hosts = new Set(urls.map((url) => (URL.canParse(url) ? new URL(url).hostname : url)));
  const [host] = hosts;
  return hosts.size === 1 && host ? `Images from ${host}` : `Images from ${hosts.size.toLocaleString('en-US')} sites`;
}

/**
 * A new job's name: the one asked for, else its source's (the CSV's or the zip's file name when the
 * upload gave one, else the folder or the images' site), so a list of jobs tells them apart.
 */
export function jobNameOf(asked: string | undefined, source: string | undefined, rows: Array<Pick<JobRow, 'imageUrl' | 'path'>>): string {
  // Another module's name (an audit's page title) is not checked by the schema: made one line here.
  const given = asked?.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (given) return clip(given);
  if (source) return clip(source);
  const paths = rows.flatMap((row) => (row.path ? [row.path] : []));
  return clip(paths.length > 0 ? nameFromPaths(paths) : nameFromUrls(rows.map((row) => row.imageUrl)));
}
