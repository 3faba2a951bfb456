import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { SegmentedControl } from '@/components/segmented-control';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { ResultsFilter } from './api/jobs-api';
import { downloadExport, isActive, useCancelJob, useJob, useJobResults, useReview } from './api/jobs-api';
import { JobProgress, jobTiming } from './components/job-progress';
import { ReviewRow } from './components/review-row';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'needs_review', label: 'Needs review' },
  { value: 'failed', label: 'Failed' },
  { value: 'approved', label: 'Approved' },
] as const;

export default function JobPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Bulk job');
  const job = useJob(id);
  const [filter, setFilter] = useState<ResultsFilter>('all');
  const [approvedOnly, setApprovedOnly] = useState(false);
  const results = useJobResults(id, filter, job.data?.status);
  const cancel = useCancelJob(id);
  const review = useReview(id);

  const download = (format: 'csv' | 'json') => downloadExport(id, format, approvedOnly).catch((error: unknown) => toast.error(errorMessage(error)));

  return (
    <div>
      <PageHeader
        title="Bulk job"
        description={<Link to="/app/jobs" className="text-blue-800 underline dark:text-blue-300">All jobs</Link>}
        actions={
          job.data && isActive(job.data) ? (
            <Button variant="danger" isLoading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel job
            </Button>
          ) : undefined
        }
      />
      {job.isPending && <Spinner />}
      {job.error != null && <QueryErrorAlert title="The job could not be loaded" query={job} />}
      {job.data && (
        <div className="space-y-6">
          <Card>
            <p className="mb-3 text-gray-800 dark:text-gray-100">
              Status: <strong>{job.data.status}</strong> · {job.data.counts.succeeded} described · {job.data.counts.failed} failed · {job.data.counts.pending} pending
              {jobTiming(job.data) ? ` · ${jobTiming(job.data)}` : ''}
            </p>
            <JobProgress job={job.data} label="Progress" />
            {job.data.rowErrors.length > 0 && (
              <details className="mt-3 text-sm text-gray-800 dark:text-gray-100">
                <summary>{job.data.rowErrors.length} rows were not accepted</summary>
                <ul className="list-disc pl-5">
                  {job.data.rowErrors.slice(0, 50).map((error) => (
                    <li key={error.row}>
                      Row {error.row}: {error.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => void download('csv')}>
                Download CSV
              </Button>
              <Button variant="outline" onClick={() => void download('json')}>
                Download JSON
              </Button>
              <Checkbox label="Approved items only" checked={approvedOnly} onChange={(event) => setApprovedOnly(event.target.checked)} />
            </div>
          </Card>
          <Card>
            <div className="mb-4">
              <SegmentedControl<ResultsFilter> label="Show" options={FILTERS} value={filter} onChange={setFilter} />
            </div>
            {results.error != null && <QueryErrorAlert title="Results could not be loaded" query={results} />}
            <div className="overflow-x-auto">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Results of the job</caption>
                <thead className="text-gray-800 dark:text-gray-100">
                  <tr>
                    <th scope="col" className="p-2">Image</th>
                    <th scope="col" className="p-2">Alt text</th>
                    <th scope="col" className="p-2">Checker</th>
                    <th scope="col" className="p-2">Review</th>
                    <th scope="col" className="p-2">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data?.items.map((item, index) => (
                    <ReviewRow key={item.id} item={item} index={index} onReview={(body) => review.mutateAsync({ itemId: item.id, ...body }).catch((error: unknown) => toast.error(errorMessage(error)))} />
                  ))}
                </tbody>
              </table>
            </div>
            {results.data?.items.length === 0 && <p className="p-2 text-gray-700 dark:text-gray-200">Nothing to show.</p>}
          </Card>
        </div>
      )}
    </div>
  );
}
