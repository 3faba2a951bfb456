import type { MonitorRun } from '@altwise/sdk';
import { useState } from 'react';
import { Card, CardHeader } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { QueryErrorAlert } from '@/components/query-error';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { formatNumber } from '@/lib/format';
import { useRunImages } from '../api/monitor-queries';
import { Pager } from './pager';

/**
 * The run's distinct images (a logo on 30 pages is one, with 30 occurrences), most occurrences
 * first, filtered to the failing ones or to one rule's. The count of what is shown is announced.
 */
export function RunImages({ run }: { run: MonitorRun }) {
  const [failingOnly, setFailingOnly] = useState(false);
  const [rule, setRule] = useState('');
  const [offset, setOffset] = useState(0);
  const images = useRunImages(run.monitorId, run.id, { failingOnly, rule, offset });
  const rules = Object.keys(run.rules ?? {}).sort();
  const ruleOptions = [{ value: '', label: 'Any rule' }, ...rules.map((id) => ({ value: id, label: id }))];
  const list = images.data?.images ?? [];

  return (
    <Card>
      <CardHeader title="Images" description="Each picture once, with the pages it is on. Failing: occurrences without an acceptable text alternative." />
      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <Checkbox
          label="Failing only"
          checked={failingOnly}
          onChange={(event) => {
            setFailingOnly(event.target.checked);
            setOffset(0);
          }}
        />
        <SelectField
          label="Rule"
          containerClassName="w-full sm:w-64"
          options={ruleOptions}
          value={rule}
          onChange={(event) => {
            setRule(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      <p role="status" className="mb-2 text-sm text-gray-700 dark:text-gray-200">
        {images.data ? `${formatNumber(images.data.total)} ${images.data.total === 1 ? 'image' : 'images'}` : ''}
      </p>
      {images.isPending ? (
        <Spinner label="Loading images…" />
      ) : images.isError ? (
        <QueryErrorAlert title="Images could not be loaded" query={images} />
      ) : list.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-200">No images match.</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-busy={images.isPlaceholderData || undefined}>
          {list.map((image, index) => (
            <li key={`${image.imageUrl ?? 'inline'}-${index}`} className="py-3 text-sm break-words text-gray-800 dark:text-gray-100" data-testid="monitor-image">
              <p className="font-medium break-all">{image.imageUrl ?? 'Inline SVG'}</p>
              <p>
                {formatNumber(image.occurrences)} {image.occurrences === 1 ? 'occurrence' : 'occurrences'} on {formatNumber(image.pages)} {image.pages === 1 ? 'page' : 'pages'}
                {image.failing > 0 && <strong className="text-red-800 dark:text-red-300"> · {formatNumber(image.failing)} failing</strong>}
              </p>
              <p className="text-gray-700 dark:text-gray-300">
                For example on <span className="break-all">{image.examplePage}</span>, named{' '}
                {image.exampleName === null ? 'nothing' : image.exampleName === '' ? 'with an empty alt' : `“${image.exampleName}”`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager what="Images" offset={offset} total={images.data?.total ?? 0} onChange={setOffset} />
    </Card>
  );
}
