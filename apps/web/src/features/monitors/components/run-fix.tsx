import type { MonitorRun } from '@altwise/sdk';
import { Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { InlineAlert } from '@/components/inline-alert';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useFixRun } from '../api/monitor-mutations';

/**
 * "Suggest alt text for the failing images" of a completed run: one bulk job over its distinct
 * failing pictures (the server answers the same job at every later press), reviewed in the jobs' queue.
 */
export function RunFix({ run }: { run: MonitorRun }) {
  const fix = useFixRun();
  const failing = run.failing ?? 0;
  return (
    <Card>
      <CardHeader
        title="Fix the failing images"
        description={
          failing === 0
            ? 'Nothing fails in this run.'
            : `${formatNumber(failing)} failing ${failing === 1 ? 'occurrence' : 'occurrences'}: suggestions are drafts until you approve them in the job's review.`
        }
      />
      {failing > 0 && (
        <div className="space-y-3">
          {/* Wraps on a phone (the label is wider than 320 px allows): important, over the button's own height and nowrap. */}
          <Button className="h-auto! min-h-10 py-2 whitespace-normal! text-left" leftIcon={<Wand2 aria-hidden="true" className="size-4 shrink-0" />} isLoading={fix.isPending} loadingText="Creating the job…" onClick={() => fix.mutate(run)}>
            Suggest alt text for the failing images
          </Button>
          {fix.isSuccess && (
            <InlineAlert tone="info" role="status">
              A bulk job of {formatNumber(fix.data.total)} {fix.data.total === 1 ? 'image' : 'images'} holds the suggestions.{' '}
              <Link to={`/app/jobs/${encodeURIComponent(fix.data.id)}`} className="font-medium text-blue-800 underline dark:text-blue-300">
                Review the suggestions
              </Link>
            </InlineAlert>
          )}
          {fix.isError && (
            <InlineAlert tone="error" role="alert">
              {errorMessage(fix.error)}
            </InlineAlert>
          )}
        </div>
      )}
    </Card>
  );
}
