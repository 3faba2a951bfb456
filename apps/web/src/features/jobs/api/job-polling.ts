import type { Job } from '@altwise/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** Every jobs query (the list, one job, its review queue and counts) starts with this key. */
export const JOBS_KEY = ['jobs'] as const;

/**
 * Live progress is polled (every 2 s while a job is queued or running), not streamed: any instance
 * answers from the database, so polling works behind any load balancer without sticky streams or a
 * pub/sub between instances, and it stops by itself when nothing is running.
 */
export const POLL_MS = 2_000;
const ACTIVE = new Set<Job['status']>(['queued', 'running']);
export const isActive = (job: Pick<Job, 'status'>) => ACTIVE.has(job.status);
/**
 * Whether the job's figures can still change, so its screens keep polling: it runs, or it was
 * cancelled while items were in flight (they finish, and are counted, after the cancel answered).
 */
export const isChanging = (job: Pick<Job, 'status' | 'counts'>) => isActive(job) || job.counts.pending > 0;

/**
 * The review queue and its counts are polled while the job changes and stop with it; the job's
 * last items settle after their last poll, so when it stops changing they are read once more (else
 * the screen keeps showing them pending, with nothing to accept).
 */
export function useReadAgainWhenEnded(jobId: string, changing: boolean): void {
  const client = useQueryClient();
  const wasChanging = useRef(changing);
  useEffect(() => {
    if (wasChanging.current && !changing) {
      for (const part of ['review-queue', 'review-counts'])
        void client.invalidateQueries({ queryKey: [...JOBS_KEY, jobId, part] });
    }
    wasChanging.current = changing;
  }, [client, jobId, changing]);
}
