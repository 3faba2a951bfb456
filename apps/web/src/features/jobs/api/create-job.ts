import type { Job } from '@altwise/sdk';
import type { JobMode } from '@altwise/shared';
import { jobSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import type { PickedFile } from '../picked-files';
import { JOBS_KEY } from './job-polling';

export type NewJob = (
  | { kind: 'urls'; urls: string[]; language?: string }
  | { kind: 'csv'; file: File; language?: string }
  /** Images (or a .zip), each sent as a `files` part named by its relative path. */
  | { kind: 'files'; files: PickedFile[]; language?: string }
) & { mode?: JobMode };

/** The body of POST /v1/jobs and of POST /v1/jobs/estimate: JSON items, or the CSV or the files as a multipart form. */
export function newJobBody(input: NewJob): FormData | Record<string, unknown> {
  if (input.kind === 'files') {
    const form = new FormData();
    if (input.language) form.append('language', input.language);
    if (input.mode) form.append('mode', input.mode);
    for (const { path, file } of input.files) form.append('files', file, path);
    return form;
  }
  if (input.kind === 'csv') {
    const form = new FormData();
    if (input.language) form.append('language', input.language);
    if (input.mode) form.append('mode', input.mode);
    form.append('file', input.file);
    return form;
  }
  return { items: input.urls.map((imageUrl) => ({ imageUrl })), ...(input.language ? { language: input.language } : {}), ...(input.mode ? { mode: input.mode } : {}) };
}

/** POST /v1/jobs: starts a job (202 at once; rows it refuses are listed in rowErrors). */
export async function createJob(input: NewJob): Promise<Job> {
  return parseResponse(jobSchema, await api.post('/v1/jobs', newJobBody(input)), 'job');
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createJob, onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }) });
}
