import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import createClient from 'openapi-fetch';
import type { paths } from './api-types.js';
import { networkError } from './errors.js';
import type { CreateFromFilesOptions, JobFile } from './job-files.js';
import { createJobFromFiles } from './job-files.js';
import type { ResumableUploadOptions } from './job-upload-session.js';
import { createJobFromFilesResumable } from './job-upload-session.js';
import type { WaitForOptions } from './jobs.js';
import { createJobsApi } from './jobs.js';
import { createMonitorsApi } from './monitors.js';
import type { RetryOptions } from './retrying-fetch.js';
import { retryingFetch } from './retrying-fetch.js';
import type { Json } from './unwrap.js';
import { unwrap } from './unwrap.js';

/** Where `npm start` serves the API (the server's default PORT, 8080). */
export const DEFAULT_BASE_URL = 'http://localhost:8080';

export type AltTextResult = Json<paths['/api/v1/images']['post']['responses'][200]>;
export type CheckResult = Json<paths['/api/v1/alt-text/check']['post']['responses'][200]>;
export type CheckRequest = NonNullable<paths['/api/v1/alt-text/check']['post']['requestBody']>['content']['application/json'];
export type Audit = Json<paths['/api/v1/audits']['post']['responses'][201]>;
export type AuditImage = Audit['images'][number];
export type AuditList = Json<paths['/api/v1/audits']['get']['responses'][200]>;
export type AuditListQuery = NonNullable<paths['/api/v1/audits']['get']['parameters']['query']>;

/** What an image is for when it is the only content of a link or a button: its alt text names that. */
export interface ImagePurpose {
  kind: 'link' | 'button';
  href?: string;
  label?: string;
}

export interface DescribeOptions {
  context?: string;
  language?: string;
  maxLength?: number;
  regenerate?: boolean;
  purpose?: ImagePurpose;
  /**
   * "iptc" (an uploaded file or buffer only): the answer's `embedded` is the same image with the alt text
   * written into its XMP (IPTC Alt Text (Accessibility)), pixels untouched.
   */
  embed?: 'iptc';
  /** With embed: appended to the text written into the file only, e.g. "(AI-generated)". */
  embedSuffix?: string;
  /**
   * Read the image several times and flag what the readings disagree on: the answer's `uncertain`
   * (non-empty: `wcagCompliant` is false until a person reviews). Each reading is charged.
   */
  verify?: boolean;
  /** How many readings with verify (2–5, the server's default 3). */
  samples?: number;
}

/** One image: a public URL, a local file path (Node), or its bytes. */
export type DescribeInput = DescribeOptions &
  ({ url: string } | { file: string } | { buffer: Uint8Array; fileName?: string });

export interface AltwiseOptions {
  /** An API key (ak_live_…); sent as X-API-Key. */
  apiKey?: string;
  /** A session access token instead of a key (the web app). */
  token?: string;
  /** Where the API lives, e.g. https://altwise.app (default DEFAULT_BASE_URL, where `npm start` serves). */
  baseUrl?: string;
  retry?: RetryOptions;
  /** Replaces the transport (tests, proxies). */
  fetch?: (request: Request) => Promise<Response>;
}

/** The typed Altwise client: every call either returns the API's typed answer or throws an AltwiseError. */
export class Altwise {
  private readonly client;
  /** Bulk jobs: create, get, results, cancel, and waitFor (polls until the job is over). */
  readonly jobs;
  /** Site monitors: create, run, runs, images, pages, trend, waitForRun, a run's fix job, fix list and report. */
  readonly monitors;

  constructor(options: AltwiseOptions = {}) {
    const headers: Record<string, string> = {};
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const transport = options.fetch ?? ((request: Request) => fetch(request));
    const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.client = createClient<paths>({
      baseUrl,
      headers,
      fetch: async (request: Request) => {
        try {
          return await retryingFetch(transport, options.retry)(request);
        } catch (error) {
          throw networkError(baseUrl, request, error);
        }
      },
    });
    const upload = { baseUrl, headers, fetch: transport, onNetworkError: (request: Request, error: unknown) => networkError(baseUrl, request, error) };
    this.jobs = {
      ...createJobsApi(this.client),
      /** Starts a job from local image files or a .zip, streamed (never read whole into memory), each named by its relative path. */
      createFromFiles: (files: JobFile[], options?: CreateFromFilesOptions) => createJobFromFiles(upload, files, options),
      /** The same, uploaded in pieces under a session: called again with the same files and session, it sends only what the server has not stored. */
      createFromFilesResumable: (files: JobFile[], options?: ResumableUploadOptions) => createJobFromFilesResumable(upload, files, options),
    };
    this.monitors = createMonitorsApi(this.client);
  }

  /** Writes alt text for one image; charged as one generation. A retry never charges twice. */
  async describe(input: DescribeInput): Promise<AltTextResult> {
    const { context, language, maxLength, regenerate, purpose, embed, embedSuffix, verify, samples } = input;
    const options = { context, language, maxLength, regenerate, purpose, embed, embedSuffix, verify, samples };
    let image: { imageUrl: string } | { imageData: string; fileName?: string };
    if ('url' in input) image = { imageUrl: input.url };
    else if ('file' in input) image = { imageData: (await readFile(input.file)).toString('base64'), fileName: basename(input.file) };
    else image = { imageData: Buffer.from(input.buffer).toString('base64'), fileName: input.fileName };
    return unwrap(
      await this.client.POST('/api/v1/images', {
        body: { ...options, ...image },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
  }

  /** Lints alt text against the WCAG quality rules; free. */
  async check(altText: string, options: Omit<CheckRequest, 'altText'> & { language?: string; purpose?: ImagePurpose } = {}): Promise<CheckResult> {
    return unwrap(await this.client.POST('/api/v1/alt-text/check', { body: { ...options, altText } }));
  }

  readonly audits = {
    /**
     * Audits one page; with suggest, alt text for each missing or poor image (each charged). More
     * than 50 such images run as a bulk job (`audit.job`): `waitFor` follows it.
     */
    create: async (input: { url: string; suggest?: boolean }): Promise<Audit> =>
      unwrap(await this.client.POST('/api/v1/audits', { body: input, headers: { 'idempotency-key': randomUUID() } })),
    get: async (id: string): Promise<Audit> => unwrap(await this.client.GET('/api/v1/audits/{id}', { params: { path: { id } } })),
    /** One page of the account's audits, newest first; pass `nextCursor` back as `cursor` for the next. */
    list: async (query: AuditListQuery = {}): Promise<AuditList> => unwrap(await this.client.GET('/api/v1/audits', { params: { query } })),
    /** The audit with its suggestions: at once without a bulk job, else once its job is over. */
    waitFor: async (audit: Pick<Audit, 'id' | 'job'>, options: WaitForOptions = {}): Promise<Audit> => {
      if (audit.job) await this.jobs.waitFor(audit.job.id, options);
      return this.audits.get(audit.id);
    },
    delete: async (id: string): Promise<void> => {
      await unwrap(await this.client.DELETE('/api/v1/audits/{id}', { params: { path: { id } } }));
    },
  };
}
