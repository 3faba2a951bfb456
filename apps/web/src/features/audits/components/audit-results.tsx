import type { Audit, AuditImage } from '@altwise/sdk';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { InlineAlert } from '@/components/inline-alert';
import { SegmentedControl } from '@/components/segmented-control';
import { StatCard } from '@/components/stat-card';
import { toast } from '@/lib/toast';
import { downloadReport } from '../api/download-report';
import type { ReportKind } from '../api/download-report';
import { AuditImageList } from './audit-image-list';

type Filter = 'all' | AuditImage['verdict'];

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'missing', label: 'Missing' },
  { value: 'poor', label: 'Poor' },
  { value: 'broken', label: 'Broken' },
  { value: 'decorative', label: 'Decorative' },
  { value: 'ok', label: 'OK' },
];

/** One audit: its summary, downloads and every image, filtered by verdict. */
export function AuditResults({ audit }: { audit: Audit }) {
  const [filter, setFilter] = useState<Filter>('all');
  const images = filter === 'all' ? audit.images : audit.images.filter((image) => image.verdict === filter);
  const download = (kind: ReportKind) => downloadReport(audit.id, kind).catch((error: Error) => toast.error(error.message));
  return (
    <section aria-labelledby="audit-results" className="mt-8 space-y-6">
      <h2 id="audit-results" className="text-xl font-semibold break-words text-gray-900 dark:text-white">
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
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <StatCard label="Images" value={audit.summary.images} tone="blue" />
        <StatCard label="Missing" value={audit.summary.missing} tone="red" />
        <StatCard label="Poor" value={audit.summary.poor} tone="amber" />
        <StatCard label="Broken" value={audit.summary.broken} tone="red" />
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
        {images.length > 0 ? <AuditImageList images={images} /> : <p className="text-gray-700 dark:text-gray-300">No images with this verdict.</p>}
      </Card>
    </section>
  );
}
