import type { JobMode } from '@altwise/shared';
import { parseCsv } from '@altwise/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { SegmentedControl } from '@/components/segmented-control';
import { TextareaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-client';
import type { Picked } from '../picked-files';
import { MAX_JOB_FILES } from '../picked-files';
import type { NewJob } from '../api/create-job';
import { useCreateJob } from '../api/create-job';
import { FileDropZone } from './file-drop-zone';
import { JobEstimateNotice } from './job-estimate';
import { JobModeField } from './job-mode';

type Source = 'urls' | 'csv' | 'files';
const SOURCES = [
  { value: 'urls', label: 'Paste URLs' },
  { value: 'csv', label: 'CSV file' },
  { value: 'files', label: 'Image files' },
] as const;

interface CsvPreview {
  header: string[];
  rows: string[][];
  total: number;
  errors: Array<{ row: number; reason: string }>;
}

/** The first rows and the rows the server would refuse, before anything is sent. */
export function previewCsv(text: string): CsvPreview {
  const [header, ...records] = parseCsv(text);
  const names = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const urlAt = names.indexOf('image_url');
  const errors: CsvPreview['errors'] = [];
  if (urlAt < 0) errors.push({ row: 1, reason: 'The CSV needs an image_url column' });
  else {
    for (const record of records) {
      const url = record.fields[urlAt]?.trim() ?? '';
      if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) errors.push({ row: record.line, reason: 'Image URL must be an http or https address' });
    }
  }
  return { header: header?.fields ?? [], rows: records.slice(0, 5).map((record) => record.fields), total: records.length, errors };
}

export function NewJobForm() {
  const [source, setSource] = useState<Source>('urls');
  const [urls, setUrls] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [mode, setMode] = useState<JobMode>('standard');
  const create = useCreateJob();
  const navigate = useNavigate();
  const pasted = urls.split(/\s+/).filter(Boolean);
  // The estimate follows the pasted URLs 400 ms after the last keystroke, not on every one.
  const [settledUrls, setSettledUrls] = useState(urls);
  useEffect(() => {
    const timer = setTimeout(() => setSettledUrls(urls), 400);
    return () => clearTimeout(timer);
  }, [urls]);

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setPreview(chosen ? previewCsv(await chosen.text()) : null);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input: NewJob =
      source === 'files' && picked ? { kind: 'files', files: picked.files } : source === 'csv' && file ? { kind: 'csv', file } : { kind: 'urls', urls: pasted };
    create.mutate({ ...input, mode }, { onSuccess: (job) => navigate(`/app/jobs/${job.id}`) });
  }

  const ready =
    source === 'files'
      ? picked !== null && picked.files.length > 0 && picked.files.length <= MAX_JOB_FILES
      : source === 'csv'
        ? Boolean(file) && preview !== null && preview.total > preview.errors.length
        : pasted.length > 0;
  const settled = settledUrls.split(/\s+/).filter(Boolean);
  // Files are estimated by their count (estimate-job.ts), not uploaded twice.
  const estimateInput: NewJob | null = !ready
    ? null
    : source === 'files' && picked
      ? { kind: 'files', files: picked.files }
      : source === 'csv' && file
        ? { kind: 'csv', file }
        : settled.length > 0
          ? { kind: 'urls', urls: settled }
          : null;
  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="new-job-heading">
      <h2 id="new-job-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        New job
      </h2>
      <SegmentedControl<Source> label="Images from" options={SOURCES} value={source} onChange={setSource} />
      {source === 'files' ? (
        <FileDropZone picked={picked} onPicked={setPicked} />
      ) : source === 'urls' ? (
        <TextareaField label="Image URLs, one per line" rows={6} value={urls} onChange={(event) => setUrls(event.target.value)} />
      ) : (
        <div className="space-y-3">
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-100">
            CSV file (an image_url column; context, id and other columns are kept)
            <input
              type="file"
              accept=".csv,text/csv"
              className="mt-2 block w-full text-sm text-gray-700 dark:text-gray-200"
              onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)}
            />
          </label>
          {preview && (
            <div className="space-y-2">
              <p className="text-sm text-gray-700 dark:text-gray-200">
                {preview.total} rows, {preview.errors.length} with errors
              </p>
              {/* Wide CSVs scroll sideways: the region takes focus so the arrow keys reach every column. */}
              <div
                role="region"
                aria-label="First rows of the CSV"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable)
                tabIndex={0}
                className="overflow-x-auto rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400"
              >
                <table className="min-w-full text-left text-sm text-gray-800 dark:text-gray-100">
                  <caption className="sr-only">First rows of the CSV</caption>
                  <thead>
                    <tr>
                      {preview.header.map((name, at) => (
                        <th key={at} scope="col" className="px-2 py-1 font-semibold">
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rows.map((row, at) => (
                      <tr key={at}>
                        {row.map((value, column) => (
                          <td key={column} className="max-w-xs truncate px-2 py-1">
                            {value}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {preview.errors.length > 0 && (
                <ul className="list-disc pl-5 text-sm text-red-800 dark:text-red-300" aria-label="Row errors">
                  {preview.errors.slice(0, 20).map((error) => (
                    <li key={error.row}>
                      Line {error.row}: {error.reason}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
      <JobModeField value={mode} onChange={setMode} />
      <JobEstimateNotice input={estimateInput} />
      {create.error != null && <InlineAlert tone="error">{errorMessage(create.error)}</InlineAlert>}
      <Button type="submit" disabled={!ready} isLoading={create.isPending} loadingText={source === 'files' ? 'Uploading...' : 'Starting...'}>
        Start job
      </Button>
    </form>
  );
}
