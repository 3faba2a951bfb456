import type { JobEstimate } from '@altwise/shared';
import { errorMessage } from '@/lib/api-client';
import type { NewJob } from '../api/create-job';
import { useJobEstimate } from '../api/estimate-job';

const units = (count: number) => `${count.toLocaleString()} unit${count === 1 ? '' : 's'}`;
const left = (count: number | null, window: string) => (count === null ? `no ${window} limit` : `${units(count)} left ${window === 'hourly' ? 'this hour' : 'today'}`);

function EstimateText({ estimate }: { estimate: JobEstimate }) {
  const { hourly, daily } = estimate.remaining;
  return (
    <>
      <p>
        This job will use <strong>{units(estimate.units)}</strong>
        {/* Before the images are read only repeated URLs are known: say so, not "one per item". */}
        {estimate.deduplicated
          ? ' (identical images counted once).'
          : ' (a URL repeated with the same context counted once; identical images at different URLs are found while it runs and charged once, so it may use fewer).'}
      </p>
      <p>
        Your account has {left(hourly, 'hourly')} and {left(daily, 'daily')}.
        {daily !== null && estimate.units > daily && ' That is fewer than this job needs: it waits for quota and continues when units come back.'}
      </p>
      <p>{estimate.finishesAt ? `At your plan's limits it would finish around ${new Date(estimate.finishesAt).toLocaleString()}.` : "Your plan's limits do not hold it back."}</p>
      <p className="text-gray-700 dark:text-gray-300">How this is worked out: {estimate.basis}</p>
    </>
  );
}

/** Before starting: the units the job will use, what the account has left, and when it would finish. */
export function JobEstimateNotice({ input }: { input: NewJob | null }) {
  const estimate = useJobEstimate(input);
  if (!input) return null;
  return (
    <div aria-live="polite" data-testid="job-estimate" className="space-y-1 rounded-lg border border-gray-200 p-3 text-sm text-gray-800 dark:border-gray-700 dark:text-gray-100">
      {estimate.isPending && <p>Working out what this job will use…</p>}
      {estimate.error != null && <p>No estimate yet: {errorMessage(estimate.error)}</p>}
      {estimate.data && <EstimateText estimate={estimate.data} />}
    </div>
  );
}
