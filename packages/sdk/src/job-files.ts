import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { paths } from './api-types.js';
import { errorFromResponse, parseRetryAfter } from './errors.js';
import type { Job } from './jobs.js';
import type { Json } from './unwrap.js';
import { backoffMs } from './retrying-fetch.js';

type FormOptions = NonNullable<paths['/api/v1/jobs']['post']['requestBody']>['content']['multipart/form-data'];
/** The job's options, sent as form fields beside the files. */
export type JobFilesOptions = Pick<Partial<FormOptions>, 'language' | 'maxLength' | 'webhookUrl' | 'mode' | 'name'>;
/** The job as created, with the files refused one by one (`rowErrors`: the file's 1-based position, and why). */
export type CreatedJob = Json<paths['/api/v1/jobs']['post']['responses'][202]>;

/**
 * One image to send, named by its path relative to the folder (`products/shoes/red.jpg`): the job's item
 * `path` and the export's first column. A local file is streamed from disk; a `.zip` is opened by the
 * server, each entry an image named by its path in the zip.
 */
export type JobFile = { path: string } & ({ file: string } | { bytes: Uint8Array });

export interface UploadProgress {
  filesSent: number;
  totalFiles: number;
  bytesSent: number;
  totalBytes: number;
}

export interface CreateFromFilesOptions extends JobFilesOptions {
  /** Called as the upload goes (after each chunk read for sending), and once at the end. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Retries of a 429 (after Retry-After) or 503/504: the files are read again (default 3). */
  maxRetries?: number;
}

export interface UploadTransport {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: (request: Request) => Promise<Response>;
  onNetworkError: (request: Request, error: unknown) => Error;
}

const CHUNK = 64 * 1024;
const encoder = new TextEncoder();

/** A file name in a Content-Disposition header, escaped as browsers do (quotes and line breaks). */
const quoted = (name: string) => name.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

const fieldHead = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (boundary: string, file: JobFile) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quoted(file.path)}"\r\nContent-Type: ${/\.zip$/i.test(file.path) ? 'application/zip' : 'application/octet-stream'}\r\n\r\n`;
const closing = (boundary: string) => `--${boundary}--\r\n`;

/**
 * The body's exact length, sent as Content-Length: the server gives an upload the time its declared
 * size needs (a body of unknown length gets REQUEST_TIMEOUT_MS, too short for a large folder).
 */
export function multipartLength(boundary: string, fields: Array<[string, string]>, files: Array<JobFile & { size: number }>): number {
  let length = encoder.encode(closing(boundary)).length;
  for (const [name, value] of fields) length += encoder.encode(fieldHead(boundary, name, value)).length;
  for (const file of files) length += encoder.encode(fileHead(boundary, file)).length + file.size + 2;
  return length;
}

/**
 * The multipart body as a stream pulled by fetch: one file open at a time, read in 64 KB chunks, so a
 * folder of gigabytes is never in memory; progress counts the bytes handed to the connection.
 */
export function multipartStream(boundary: string, fields: Array<[string, string]>, files: Array<JobFile & { size: number }>, progress: (file: boolean, bytes: number) => void): ReadableStream<Uint8Array> {
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of fields) yield encoder.encode(fieldHead(boundary, name, value));
    for (const file of files) {
      yield encoder.encode(fileHead(boundary, file));
      if ('bytes' in file) {
        for (let at = 0; at < file.bytes.length; at += CHUNK) {
          const chunk = file.bytes.subarray(at, at + CHUNK);
          progress(false, chunk.length);
          yield chunk;
        }
      } else {
        // Never past the size the length was counted with (a file growing meanwhile); one that shrank fails the request.
        for await (const chunk of createReadStream(file.file, { highWaterMark: CHUNK, end: Math.max(0, file.size - 1) }) as AsyncIterable<Buffer>) {
          if (file.size === 0) break;
          progress(false, chunk.length);
          yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
        }
      }
      progress(true, 0);
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(closing(boundary));
  }
  const iterator = pieces();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

/**
 * Starts a job from image files (or a zip): POST /api/v1/jobs as a streamed multipart form. Not
 * through the generated client, whose retries copy the body in memory; a retry here reads the files
 * again, under the same Idempotency-Key, so a job is never created twice.
 */
export async function createJobFromFiles(transport: UploadTransport, files: JobFile[], options: CreateFromFilesOptions = {}): Promise<CreatedJob & Job> {
  const { onProgress, signal, maxRetries = 3, ...jobOptions } = options;
  const sized = await Promise.all(files.map(async (file) => ({ ...file, size: 'bytes' in file ? file.bytes.length : (await stat(file.file)).size })));
  const totalBytes = sized.reduce((sum, file) => sum + file.size, 0);
  const fields = Object.entries(jobOptions)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [name, String(value)] as [string, string]);
  const idempotencyKey = randomUUID();
  for (let attempt = 0; ; attempt += 1) {
    const state: UploadProgress = { filesSent: 0, totalFiles: files.length, bytesSent: 0, totalBytes };
    const boundary = `----altwise-${randomUUID()}`;
    const body = multipartStream(boundary, fields, sized, (file, bytes) => {
      if (file) state.filesSent += 1;
      state.bytesSent += bytes;
      onProgress?.({ ...state });
    });
    const request = new Request(`${transport.baseUrl}/api/v1/jobs`, {
      method: 'POST',
      body,
      signal,
      headers: { ...transport.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(multipartLength(boundary, fields, sized)), 'idempotency-key': idempotencyKey },
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    let response: Response;
    try {
      response = await transport.fetch(request);
    } catch (error) {
      throw transport.onNetworkError(request, error);
    }
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (attempt < maxRetries && (response.status === 429 || response.status === 503 || response.status === 504) && (retryAfter ?? 0) <= 60) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, retryAfter !== null ? retryAfter * 1000 : backoffMs(attempt)));
      continue;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!response.ok || parsed === null) throw errorFromResponse(response, parsed);
    return parsed as CreatedJob & Job;
  }
}
