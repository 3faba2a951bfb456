import type { Audit, AuditImage } from '@altwise/sdk';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { InlineAlert } from '@/components/inline-alert';
import { PageHeader } from '@/components/page-header';
import { SegmentedControl } from '@/components/segmented-control';
import { StatCard } from '@/components/stat-card';
import { TextField } from '@/components/text-field';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { createAudit, downloadReport } from './api/audits';
import type { ReportKind } from './api/audits';
import { AuditTable } from './components/audit-table';

type Filter = 'all' | AuditImage['verdict'];

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'missing', label: 'Missing' },
  { value: 'poor', label: 'Poor' },
  { value: 'decorative', label: 'Decorative' },
  { value: 'ok', label: 'OK' },
];

function urlError(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'Page URL is required';
  if (!/^https?:\/\//i.test(trimmed) || !URL.canParse(trimmed)) return 'Page URL must be an http or https address';
  return undefined;
}

function Results({ audit }: { audit: Audit }) {
  const [filter, setFilter] = useState<Filter>('all');
  const images = filter === 'all' ? audit.images : audit.images.filter((image) => image.verdict === filter);
  const download = (kind: ReportKind) => downloadReport(audit.id, kind).catch((error: Error) => toast.error(error.message));
  return (
    <section aria-labelledby="audit-results" className="mt-8 space-y-6">
      <h2 id="audit-results" className="text-xl font-semibold text-gray-900 dark:text-white">
        Results for {audit.finalUrl}
      </h2>
      {audit.job && (
        <InlineAlert title="Suggestions are on their way">
          This page has more images to describe than one request holds, so a bulk job is writing their alt text.{' '}
          <Link to={`/app/jobs/${audit.job.id}`} className="font-medium text-blue-800 underline dark:text-blue-300">
            Follow the job
          </Link>
          ; once it is over, the suggestions are in this audit&apos;s downloads.
        </InlineAlert>
      )}
      {audit.summary.notAudited > 0 && (
        <InlineAlert title={`${audit.summary.notAudited.toLocaleString('en-US')} images not audited`}>
          This page has {(audit.summary.images + audit.summary.notAudited).toLocaleString('en-US')} images; an audit covers the first{' '}
          {audit.summary.images.toLocaleString('en-US')}, in page order. The rest are counted here and in the reports, not checked.
        </InlineAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <StatCard label="Images" value={audit.summary.images} tone="blue" />
        <StatCard label="Missing" value={audit.summary.missing} tone="red" />
        <StatCard label="Poor" value={audit.summary.poor} tone="amber" />
        <StatCard label="Decorative" value={audit.summary.decorative} tone="violet" />
        <StatCard label="OK" value={audit.summary.ok} tone="green" />
      </div>
      <Card>
        <CardHeader
          title="Images"
          action={
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" leftIcon={<Download aria-hidden="true" className="size-4" />} onClick={() => void download('csv')}>
                Download CSV
              </Button>
              <Button variant="outline" size="sm" leftIcon={<Download aria-hidden="true" className="size-4" />} onClick={() => void download('html')}>
                Download HTML report
              </Button>
            </div>
          }
        />
        <SegmentedControl<Filter> label="Show images" options={FILTERS} value={filter} onChange={setFilter} className="mb-4" />
        {images.length > 0 ? <AuditTable images={images} /> : <p className="text-gray-700 dark:text-gray-300">No images with this verdict.</p>}
      </Card>
    </section>
  );
}

export default function AuditPage() {
  useDocumentTitle('Audit a page');
  const [url, setUrl] = useState('');
  const [suggest, setSuggest] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const audit = useMutation({ mutationFn: createAudit });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = urlError(url);
    setError(problem);
    if (!problem) audit.mutate({ url, suggest });
  };

  return (
    <>
      <PageHeader title="Audit a page" description="List every image on a web page, see which ones need alt text, and get suggestions." />
      <Card>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="Page URL" type="url" inputMode="url" placeholder="https://example.com/blog/post" value={url} onChange={(event) => setUrl(event.target.value)} error={error} />
          <Checkbox
            label="Suggest alt text for missing and poor images"
            description="Each suggestion counts as one generation against your plan's limits."
            checked={suggest}
            onChange={(event) => setSuggest(event.target.checked)}
          />
          <Button type="submit" isLoading={audit.isPending} loadingText="Auditing…">
            Audit page
          </Button>
        </form>
        <div role="status" aria-live="polite" className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {audit.isPending ? (suggest ? 'Fetching the page and describing its images…' : 'Fetching the page and checking its images…') : audit.data ? `Audit complete: ${audit.data.summary.images} images, ${audit.data.summary.missing} missing alt text${audit.data.summary.notAudited > 0 ? `, ${audit.data.summary.notAudited} not audited` : ''}.` : ''}
        </div>
        {audit.error && (
          <InlineAlert tone="error" role="alert" className="mt-4" title="The page could not be audited">
            {audit.error.message}
          </InlineAlert>
        )}
      </Card>
      {audit.data && <Results key={audit.data.id} audit={audit.data} />}
    </>
  );
}
