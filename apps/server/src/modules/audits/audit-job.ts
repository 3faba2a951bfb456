import type { AuditImage, JobItem } from '@altwise/shared';
import { MAX_AUDIT_SUGGESTIONS } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import type { JobsService } from '../jobs';
import { EMPTY_FOR_FUNCTIONAL, suggestionContext } from './audit-verdicts';

/** What an audit needs of the bulk jobs (the jobs module's service fits it). */
export type AuditJobs = Pick<JobsService, 'createFromItems' | 'get' | 'results'>;

const OVER = new Set(['completed', 'cancelled', 'failed']);
const RESULTS_PAGE = 500;

/**
 * A page with more images to describe than one request should hold: its suggestions run as a
 * bulk job, one item per image (the image's index as the item's id), charged as the job charges.
 */
export async function startSuggestionJob(jobs: AuditJobs, caller: Caller, pageTitle: string | null, targets: AuditImage[]): Promise<{ id: string }> {
  // A job has one language for all its items: the images' own when they share one (the common
  // case: one <html lang>); otherwise each is written in the account's language.
  const languages = new Set(targets.map((image) => image.language));
  const [language] = languages;
  try {
    const job = await jobs.createFromItems(
      caller,
      targets.map((image) => ({ imageUrl: image.imageUrl!, context: suggestionContext(pageTitle, image) || undefined, id: String(image.index), purpose: image.purpose ?? undefined })),
      { ...(languages.size === 1 && language && { language }), ...(pageTitle?.trim() && { name: `Audit: ${pageTitle.trim()}` }) },
    );
    // A URL the job refused (its row, 1-based) will never have a result: say why on the image now.
    for (const rowError of job.rowErrors) {
      const image = targets[rowError.row - 1];
      if (image) image.suggestionError = { code: 'not_describable', message: rowError.reason };
    }
    return job;
  } catch (error) {
    if (error instanceof AppError && error.code === 'plan_forbidden') {
      throw new AppError(
        'plan_forbidden',
        `This page has ${targets.length} images that need a suggestion; more than ${MAX_AUDIT_SUGGESTIONS} run as a bulk job, which the Free plan does not include. Upgrade to Pro, or audit the page without suggestions.`,
        403,
      );
    }
    throw error;
  }
}

function apply(image: AuditImage, item: JobItem): void {
  if (item.status === 'succeeded' && item.result && image.purpose && !item.result.altText.trim()) image.suggestionError = EMPTY_FOR_FUNCTIONAL;
  else if (item.status === 'succeeded' && item.result) {
    image.suggestion = item.result.altText;
    image.suggestionVerification = item.result.verification;
  } else if (item.status === 'failed') image.suggestionError = item.error ?? { code: 'failed', message: 'The image could not be described' };
  else if (item.status === 'cancelled') image.suggestionError = { code: 'cancelled', message: 'The job was cancelled before this image was described' };
}

/** Whether the job is over, its last items settled too (a cancelled job's items in flight still finish); false if it is gone. */
export async function jobIsOver(jobs: AuditJobs, userId: string, jobId: string): Promise<boolean> {
  const job = await jobs.get(userId, jobId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  return job !== null && OVER.has(job.status) && job.counts.pending === 0;
}

/**
 * The images with the job's results in them, once the job is over; null while it still runs (or
 * if it is gone), when the audit is answered as stored.
 */
export async function imagesFromJob(jobs: AuditJobs, userId: string, jobId: string, images: AuditImage[]): Promise<AuditImage[] | null> {
  if (!(await jobIsOver(jobs, userId, jobId))) return null;
  const filled = images.map((image) => ({ ...image }));
  const byIndex = new Map(filled.map((image) => [String(image.index), image]));
  for (let cursor: string | undefined; ; ) {
    const page = await jobs.results(userId, jobId, { limit: RESULTS_PAGE, cursor });
    for (const item of page.items) {
      const image = item.clientId === null ? undefined : byIndex.get(item.clientId);
      if (image) apply(image, item);
    }
    if (!page.nextCursor) return filled;
    cursor = page.nextCursor;
  }
}
