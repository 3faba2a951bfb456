import { randomUUID } from 'node:crypto';
import type { Client } from 'openapi-fetch';
import type { paths } from './api-types.js';
import { AltwiseError } from './errors.js';
import type { Json } from './unwrap.js';
import { unwrap } from './unwrap.js';

export type Job = Json<paths['/api/v1/jobs/{id}']['get']['responses'][200]>;
export type JobStatus = Job['status'];
export type JobList = Json<paths['/api/v1/jobs']['get']['responses'][200]>;
export type JobListQuery = NonNullable<paths['/api/v1/jobs']['get']['parameters']['query']>;
export type JobResultsPage = Json<paths['/api/v1/jobs/{id}/results']['get']['responses'][200]>;
export type JobResultItem = JobResultsPage['items'][number];
export type JobResultsQuery = NonNullable<paths['/api/v1/jobs/{id}/results']['get']['parameters']['query']>;
type CreateBody = NonNullable<paths['/api/v1/jobs']['post']['requestBody']>['content']['application/json'];
/** One image of a job. The API checks items one by one (a bad row is reported in rowErrors), so its schema says `unknown`. */
export interface JobItemInput {
  imageUrl: string;
  context?: string;
  /** Your own id, carried through to the results as clientId. */
  id?: string;
}
export type CreateJobInput = Omit<CreateBody, 'items'> & { items: JobItemInput[] };

/** A job in one of these states changes no more. */
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['completed', 'cancelled', 'failed'];

export interface WaitForOptions {
  /** Between two polls (default 2 s, as the web app polls). */
  intervalMs?: number;
  /** Gives up with an AltwiseError `timeout` after this long (default 30 minutes). */
  timeoutMs?: number;
  /** Stops waiting with an AltwiseError `aborted`; a poll in flight is abandoned. */
  signal?: AbortSignal;
  /** Called with every state read, the last (terminal) one included: progress bars. */
  onPoll?: (job: Job) => void;
  /** Replaceable wait and clock (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

const aborted = () => new AltwiseError('aborted', 'Stopped waiting for the job: the signal was aborted', 0);

/** Bulk jobs: up to 10,000 images in one request (paid plans), processed in the background. */
export function createJobsApi(client: Client<paths>) {
  const get = async (id: string, signal?: AbortSignal): Promise<Job> =>
    unwrap(await client.GET('/api/v1/jobs/{id}', { params: { path: { id } }, signal }));

  return {
    /** Starts a job; answers at once (status queued). The Idempotency-Key makes the SDK's own retries safe. */
    create: async (input: CreateJobInput): Promise<Job> =>
      unwrap(await client.POST('/api/v1/jobs', { body: input, headers: { 'idempotency-key': randomUUID() } })),

    get: (id: string): Promise<Job> => get(id),

    /** One page of the account's jobs, newest first; pass `nextCursor` back as `cursor` for the next. */
    list: async (query: JobListQuery = {}): Promise<JobList> => unwrap(await client.GET('/api/v1/jobs', { params: { query } })),

    /** One page of a job's items, in input order; pass `nextCursor` back as `cursor` for the next. */
    results: async (id: string, query: JobResultsQuery = {}): Promise<JobResultsPage> =>
      unwrap(await client.GET('/api/v1/jobs/{id}/results', { params: { path: { id }, query } })),

    /**
     * An EPUB job's book (created from an `.epub` upload) with the approved results written in: the
     * alt texts, long descriptions and accessibility metadata. AltwiseError `conflict` (409) until the job has finished.
     */
    epub: async (id: string): Promise<Uint8Array> =>
      new Uint8Array(await unwrap(await client.GET('/api/v1/jobs/{id}/epub', { params: { path: { id } }, parseAs: 'arrayBuffer' }))),

    /**
     * A zip of the job's uploaded images with approved results, their alt text and long description written
     * into XMP (IPTC AltTextAccessibility, ExtDescrAccessibility), pixels untouched. `embedSuffix` (e.g.
     * "(AI-generated)") marks the written text only. AltwiseError `conflict` (409) until the job has finished.
     */
    imagesZip: async (id: string, options: { embedSuffix?: string } = {}): Promise<Uint8Array> =>
      new Uint8Array(await unwrap(await client.GET('/api/v1/jobs/{id}/images.zip', { params: { path: { id }, query: options }, parseAs: 'arrayBuffer' }))),

    /** Renames the job (its owner only; 1–120 characters, one line): the name the web app's list and job page show. */
    rename: async (id: string, name: string): Promise<Job> => unwrap(await client.PATCH('/api/v1/jobs/{id}', { params: { path: { id } }, body: { name } })),

    /** Pending items are neither processed nor charged; a job already over is an AltwiseError `conflict` (409). */
    cancel: async (id: string): Promise<Job> => unwrap(await client.POST('/api/v1/jobs/{id}/cancel', { params: { path: { id } } })),

    /** Polls the job until it is completed, cancelled or failed, and returns that last state. */
    async waitFor(id: string, options: WaitForOptions = {}): Promise<Job> {
      const { intervalMs = 2_000, timeoutMs = 30 * 60_000, signal, onPoll, sleep = abortableSleep, now = Date.now } = options;
      const deadline = now() + timeoutMs;
      for (;;) {
        if (signal?.aborted) throw aborted();
        let job: Job;
        try {
          job = await get(id, signal);
        } catch (error) {
          if (signal?.aborted) throw aborted();
          throw error;
        }
        onPoll?.(job);
        if (TERMINAL_JOB_STATUSES.includes(job.status)) return job;
        if (signal?.aborted) throw aborted();
        const left = deadline - now();
        if (left <= 0) throw new AltwiseError('timeout', `The job is still ${job.status} after ${timeoutMs} ms`, 0, null, job);
        await sleep(Math.min(intervalMs, left), signal);
      }
    },
  };
}

export type JobsApi = ReturnType<typeof createJobsApi>;
