import type { Job } from '@altwise/sdk';
import { ProgressBar } from '@/components/progress-bar';

/** "2 min left", "waiting for quota until 11:00": what a person wants to know about a running job. */
export function jobTiming(job: Job): string | null {
  if (job.waitingForQuotaUntil) return `Waiting for quota until ${new Date(job.waitingForQuotaUntil).toLocaleTimeString()}`;
  if (job.etaSeconds === null) return null;
  return job.etaSeconds < 60 ? `About ${job.etaSeconds} s left` : `About ${Math.ceil(job.etaSeconds / 60)} min left`;
}

export function JobProgress({ job, label }: { job: Job; label: string }) {
  const done = job.counts.succeeded + job.counts.failed + job.counts.cancelled;
  return (
    <ProgressBar
      label={label}
      value={done}
      max={Math.max(job.total, 1)}
      valueText={`${done} / ${job.total}`}
      tone={job.counts.failed > 0 ? 'amber' : 'blue'}
    />
  );
}
