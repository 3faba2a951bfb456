import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { extendForUpload } from '../../platform/request-deadline';

/**
 * Uploads (multipart bodies of files or a zip, up to 4 GB each) one account may have being read at
 * once on one instance: each holds a temporary file and writes job_files rows while it is read.
 */
export const MAX_UPLOADS_PER_ACCOUNT = 2;

/**
 * What is decided about a job upload from its headers alone, before a byte of its body is read
 * (an `onRequest` hook after the caller guard): the plan (a Free key is answered 403 at once, not
 * after the server has read and stored a zip), and the account's uploads in progress on this
 * instance (the slot is freed when the answer is sent or the connection closes, whichever is first).
 * An upload admitted gets the time its declared size needs to arrive (platform/request-deadline.ts):
 * a 10,000-file folder is not cut at REQUEST_TIMEOUT_MS.
 */
const isMultipart = (contentType: string | undefined) => (contentType ?? '').trimStart().toLowerCase().startsWith('multipart/');

export function createUploadAdmission(deps: { requirePlan: (userId: string) => Promise<void>; requestTimeoutMs: number }) {
  const inProgress = new Map<string, number>();

  const release = (userId: string) => {
    const left = (inProgress.get(userId) ?? 1) - 1;
    if (left <= 0) inProgress.delete(userId);
    else inProgress.set(userId, left);
  };

  return async function admitUpload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { userId } = callerOf(request);
    await deps.requirePlan(userId);
    // By its header: the multipart plugin marks the request only once its body is parsed, after this hook.
    if (!isMultipart(request.headers['content-type'])) return;
    const running = inProgress.get(userId) ?? 0;
    if (running >= MAX_UPLOADS_PER_ACCOUNT) {
      throw AppError.tooManyRequests(`At most ${MAX_UPLOADS_PER_ACCOUNT} uploads of one account are read at once: send this one when another has finished`, 5);
    }
    inProgress.set(userId, running + 1);
    // 'close' comes once, after the answer was sent or when the client went away.
    reply.raw.once('close', () => release(userId));
    extendForUpload(request, deps.requestTimeoutMs);
  };
}
