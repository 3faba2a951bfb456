import type { Job } from '@altwise/sdk';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';

/** "2 min left", "waiting for quota until 11:00": what a person wants to know about a running job. */
export function jobTiming(job: Job): string | null {
  if (job.waitingForQuotaUntil) return `Waiting for quota until ${new Date(job.waitingForQuotaUntil).toLocaleTimeString()}`;
  if (job.etaSeconds === null) return null;
  return job.etaSeconds < 60 ? `About ${job.etaSeconds} s left` : `About ${Math.ceil(job.etaSeconds / 60)} min left`;
}

type Part = 'succeeded' | 'failed' | 'cancelled' | 'skipped' | 'pending';

/**
 * Each part has its colour and its own pattern, and the legend says each count in words: the bar
 * is never read by colour alone.
 */
const PARTS: ReadonlyArray<{ part: Part; label: string; fill: string; pattern?: string }> = [
  { part: 'succeeded', label: 'described', fill: 'bg-green-700 dark:bg-green-400' },
  { part: 'failed', label: 'failed', fill: 'bg-red-700 dark:bg-red-400', pattern: 'repeating-linear-gradient(45deg, transparent 0 3px, rgb(255 255 255 / 0.55) 3px 5px)' },
  { part: 'cancelled', label: 'cancelled', fill: 'bg-gray-600 dark:bg-gray-400', pattern: 'repeating-linear-gradient(90deg, transparent 0 3px, rgb(255 255 255 / 0.55) 3px 5px)' },
  { part: 'skipped', label: 'skipped (not accepted)', fill: 'bg-amber-600 dark:bg-amber-400', pattern: 'repeating-linear-gradient(0deg, transparent 0 3px, rgb(255 255 255 / 0.55) 3px 5px)' },
  { part: 'pending', label: 'pending', fill: 'bg-gray-200 dark:bg-gray-700' },
];

/** "12 described, 0 failed, 18 cancelled, 2 skipped (not accepted), 0 pending". */
export function countsText(job: Job): string {
  return PARTS.map(({ part, label }) => `${job.counts[part].toLocaleString()} ${label}`).join(', ');
}

/** "520 items · 12 distinct images" (the distinct count once it is known). */
export function sizeText(job: Job): string {
  const items = countOf(job.total, 'item');
  return job.distinctImages === null ? items : `${items} · ${countOf(job.distinctImages, 'distinct image')}`;
}

/** The job's progress as parts: described, failed, cancelled, skipped rows and pending, with a text legend. */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const labelId = useId();
  const whole = Math.max(job.total + job.counts.skipped, 1);
  const settled = job.counts.succeeded + job.counts.failed + job.counts.cancelled + job.counts.skipped;
  const text = countsText(job);
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-x-2 text-sm">
        <span id={labelId} className="font-medium text-gray-800 dark:text-gray-200">
          {label}
        </span>
        <span className="text-gray-700 dark:text-gray-200">
          {settled.toLocaleString()} / {whole.toLocaleString()} settled
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={whole}
        aria-valuenow={settled}
        aria-valuetext={text}
        className="flex h-3 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        {PARTS.filter(({ part }) => part !== 'pending' && job.counts[part] > 0).map(({ part, fill, pattern }) => (
          <div key={part} data-part={part} className={cn('h-full', fill)} style={{ width: `${(job.counts[part] / whole) * 100}%`, backgroundImage: pattern }} />
        ))}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800 dark:text-gray-100" aria-label={`${label}: counts`}>
        {PARTS.map(({ part, label: name, fill, pattern }) => (
          <li key={part} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm border border-gray-400 dark:border-gray-500', fill)} style={{ backgroundImage: pattern }} />
            <span data-count={part}>
              {job.counts[part].toLocaleString()} {name}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
