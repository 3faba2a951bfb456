import type { paths } from './api-types.js';
import { errorFromResponse, parseRetryAfter } from './errors.js';
import type { CreatedJob, JobFile, JobFilesOptions, UploadProgress, UploadTransport } from './job-files.js';
import { multipartLength, multipartStream } from './job-files.js';
import type { Job } from './jobs.js';
import { backoffMs } from './retrying-fetch.js';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';

type RowError = CreatedJob['rowErrors'][number];
type Piece = paths['/api/v1/jobs/uploads/{session}/files']['post']['responses'][200]['content']['application/json'];
type Stored = paths['/api/v1/jobs/uploads/{session}']['get']['responses'][200]['content']['application/json'];

export interface ResumableUploadOptions extends JobFilesOptions {
  /**
   * The upload's name (16–64 letters, digits, "-" or "_"; a new random one when not given). Sending the
   * same files under the same session again resumes: the files the server stored already are skipped.
   */
  session?: string;
  /** Called as the upload goes; `filesSent` and `bytesSent` include the files stored before (`resumedFiles`). */
  onProgress?: (progress: UploadProgress & { resumedFiles: number }) => void;
  /** Most files a piece (one request; default 500); a piece also ends past 64 MB. */
  pieceFiles?: number;
  /** Tries of a piece that failed on the way (a dropped connection, 429, 5xx): it is sent again (default 3). */
  maxRetries?: number;
  signal?: AbortSignal;
}

const PIECE_BYTES = 64 * 1024 * 1024;

/**
 * A job from files, uploaded resumably (POST /api/v1/jobs/uploads/{session}/files, in pieces): the
 * server stores each file once at its place in `files`, so an upload cut anywhere is resumed by calling
 * this again with the same files and session, and only the files not yet stored are sent. The job
 * (POST …/job, under the session as its Idempotency-Key) is made of every stored file in order; files
 * the server refused (not an image, too large) are in `rowErrors`, as a single upload's are.
 */
export async function createJobFromFilesResumable(transport: UploadTransport, files: JobFile[], options: ResumableUploadOptions = {}): Promise<CreatedJob & Job & { resumedFiles: number }> {
  const { session = randomUUID().replaceAll('-', ''), onProgress, pieceFiles = 500, maxRetries = 3, signal, ...jobOptions } = options;
  const base = `${transport.baseUrl}/api/v1/jobs/uploads/${encodeURIComponent(session)}`;
  const call = async (url: string, init: RequestInit & { duplex?: 'half' }): Promise<unknown> => {
    const request = new Request(url, { ...init, signal, headers: { ...transport.headers, ...(init.headers as Record<string, string>) } });
    let response: Response;
    try {
      response = await transport.fetch(request);
    } catch (error) {
      throw transport.onNetworkError(request, error);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!response.ok || parsed === null) throw Object.assign(errorFromResponse(response, parsed), { retryAfter: parseRetryAfter(response.headers.get('retry-after')) });
    return parsed;
  };
  const retrying = async <T>(send: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await send();
      } catch (error) {
        const status = (error as { status?: number }).status;
        const again = status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
        if (attempt >= maxRetries || !again || signal?.aborted) throw error;
        const retryAfter = (error as { retryAfter?: number | null }).retryAfter;
        await new Promise((resolve) => setTimeout(resolve, retryAfter ? Math.min(retryAfter, 60) * 1000 : backoffMs(attempt)));
      }
    }
  };

  const sized = await Promise.all(files.map(async (file) => ({ ...file, size: 'bytes' in file ? file.bytes.length : (await stat(file.file)).size })));
  const stored = new Set(((await retrying(() => call(base, { method: 'GET' }))) as Stored).stored);
  const state = { filesSent: 0, totalFiles: files.length, bytesSent: 0, totalBytes: sized.reduce((sum, file) => sum + file.size, 0), resumedFiles: 0 };
  sized.forEach((file, place) => {
    if (!stored.has(place)) return;
    state.filesSent += 1;
    state.bytesSent += file.size;
    state.resumedFiles += 1;
  });
  onProgress?.({ ...state });
  const rowErrors: RowError[] = [];
  // Pieces of consecutive places not stored yet.
  for (let place = 0; place < sized.length; ) {
    if (stored.has(place)) {
      place += 1;
      continue;
    }
    const first = place;
    let bytes = 0;
    while (place < sized.length && !stored.has(place) && place - first < pieceFiles && (place === first || bytes + sized[place]!.size <= PIECE_BYTES)) {
      bytes += sized[place]!.size;
      place += 1;
    }
    const piece = sized.slice(first, place);
    const before = { ...state };
    const answer = (await retrying(() => {
      Object.assign(state, before);
      const boundary = `----altwise-${randomUUID()}`;
      const fields: Array<[string, string]> = [['first', String(first)]];
      const body = multipartStream(boundary, fields, piece, (file, sent) => {
        if (file) state.filesSent += 1;
        state.bytesSent += sent;
        onProgress?.({ ...state });
      });
      return call(`${base}/files`, {
        method: 'POST',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(multipartLength(boundary, fields, piece)) },
        duplex: 'half',
      });
    })) as Piece;
    rowErrors.push(...answer.rowErrors);
  }
  const job = (await retrying(() =>
    call(`${base}/job`, { method: 'POST', body: JSON.stringify(jobOptions), headers: { 'content-type': 'application/json', 'idempotency-key': `upload-session-${session}` } }),
  )) as CreatedJob & Job;
  return { ...job, rowErrors: [...rowErrors, ...(job.rowErrors ?? [])], resumedFiles: state.resumedFiles };
}
