import { Link } from 'react-router';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useJobs } from './api/get-jobs';
import { JobProgress, jobTiming, sizeText } from './components/job-progress';
import { NewJobForm } from './components/new-job-form';

export default function JobsPage() {
  useDocumentTitle('Bulk jobs');
  const jobs = useJobs();
  return (
    <div>
      <PageHeader title="Bulk jobs" description="Describe a whole site's images, review the results, then export them." />
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <NewJobForm />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-gray-900 dark:text-white">Your jobs</h2>
          {jobs.isPending && <Spinner />}
          {jobs.error != null && <QueryErrorAlert title="Jobs could not be loaded" query={jobs} />}
          {jobs.data?.items.length === 0 && <p className="text-gray-700 dark:text-gray-200">No jobs yet.</p>}
          <ul className="space-y-4">
            {jobs.data?.items.map((job) => (
              <li key={job.id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/app/jobs/${job.id}`} className="min-w-0 break-words font-medium text-blue-800 underline dark:text-blue-300">
                    {job.name}
                  </Link>
                  <span className="text-sm text-gray-700 dark:text-gray-200">{job.status}</span>
                </div>
                <p className="mb-2 text-sm break-words text-gray-700 dark:text-gray-200">
                  {sizeText(job)}, {new Date(job.createdAt).toLocaleString()}
                </p>
                <JobProgress job={job} label={`Progress of ${job.name}`} />
                {jobTiming(job) && <p className="mt-1 text-sm text-gray-700 dark:text-gray-200">{jobTiming(job)}</p>}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
