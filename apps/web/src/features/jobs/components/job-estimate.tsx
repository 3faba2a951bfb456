import type { JobEstimate } from '@altwise/shared';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import type { NewJob } from '../api/create-job';
import { useJobEstimate } from '../api/estimate-job';

// "Request" is the quota's one word (docs/product-decisions.md#the-quotas-word-requests).
const requests = (count: number) => countOf(count, 'request');
const left = (count: number | null, window: string) => (count === null ? `no ${window} limit` : `${requests(count)} left ${window === 'hourly' ? 'this hour' : 'today'}`);

/** Before the images are read only some repeats are known: say which, not "one per item". */
function repeatsNote(estimate: JobEstimate, kind: NewJob['kind']): string {
  if (estimate.deduplicated) return ' (identical images counted once).';
  if (kind === 'files') return ' (one per image file; identical files are found when they are uploaded and charged once, so it may use fewer).';
  return ' (a URL repeated with the same context counted once; identical images at different URLs are found while it runs and charged once, so it may use fewer).';
}

function EstimateText({ estimate, kind }: { estimate: JobEstimate; kind: NewJob['kind'] }) {
  const { hourly, daily } = estimate.remaining;
  return (
    <>
      <p>
        This job will use <strong>{requests(estimate.units)}</strong>
        {repeatsNote(estimate, kind)}
      </p>
      <p>
        Your account has {left(hourly, 'hourly')} and {left(daily, 'daily')}.
        {daily !== null && estimate.units > daily && ' That is fewer than this job needs: it waits and continues as your limits reset.'}
      </p>
      <p>{estimate.finishesAt ? `At your plan's limits it would finish around ${new Date(estimate.finishesAt).toLocaleString()}.` : "Your plan's limits do not hold it back."}</p>
      <p className="text-gray-700 dark:text-gray-300">How this is worked out: {estimate.basis}</p>
    </>
  );
}

/** Before starting (URLs, a CSV, files or zips alike): the requests the job will use, what the account has left, and when it would finish. */
export function JobEstimateNotice({ input }: { input: NewJob | null }) {
  const estimate = useJobEstimate(input);
  if (!input) return null;
  return (
    <div aria-live="polite" data-testid="job-estimate" className="space-y-1 rounded-lg border border-gray-200 p-3 text-sm text-gray-800 dark:border-gray-700 dark:text-gray-100">
      {estimate.isPending && <p>Working out what this job will use…</p>}
      {estimate.error != null && <p>No estimate yet: {errorMessage(estimate.error)}</p>}
      {estimate.data && <EstimateText estimate={estimate.data} kind={input.kind} />}
    </div>
  );
}
