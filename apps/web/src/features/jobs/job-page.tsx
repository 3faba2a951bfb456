import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCancelJob } from './api/cancel-job';
import { downloadExport } from './api/download-export';
import { useJob } from './api/get-job';
import { isActive } from './api/job-polling';
import { JobModeSummary } from './components/job-mode';
import { JobName } from './components/job-name';
import { JobProgress, jobTiming, sizeText } from './components/job-progress';
import { ReviewPanel } from './components/review-panel';
import { skippedRowsText } from './job-texts';

export default function JobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  useDocumentTitle(job.data?.name ?? 'Bulk job');
  const [approvedOnly, setApprovedOnly] = useState(false);
  const cancel = useCancelJob(id);

  const download = (format: 'csv' | 'json') => downloadExport(id, format, approvedOnly).catch((error: unknown) => toast.error(errorMessage(error)));

  return (
    <div className="min-w-0">
      <PageHeader
        title={job.data?.name ?? 'Bulk job'}
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
            <JobName job={job.data} />
            <p className="mb-3 break-words text-gray-800 dark:text-gray-100">
              Status: <strong>{job.data.status}</strong> · <span data-testid="job-size">{sizeText(job.data)}</span>
              {jobTiming(job.data) ? ` · ${jobTiming(job.data)}` : ''}
            </p>
            <JobModeSummary job={job.data} />
            <JobProgress job={job.data} label="Progress" />
            {job.data.rowErrors.length > 0 && (
              <details className="mt-3 text-sm text-gray-800 dark:text-gray-100">
                <summary>{skippedRowsText(job.data.counts.skipped)}</summary>
                <ul className="list-disc break-words pl-5">
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
            <ReviewPanel job={job.data} />
          </Card>
        </div>
      )}
    </div>
  );
}
