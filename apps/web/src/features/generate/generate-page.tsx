import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { apiKeyListQueryOptions } from '@/lib/api/list-api-keys';
import { GenerateForm } from './components/generate-form';
import { ResultsSection } from './components/results-section';
import { TipsBox } from './components/tips-box';
import { resultElementId } from './result-entry';
import type { ResultEntry } from './result-entry';
import type { JobOutcome } from './use-generate-job';

function announce(outcome: JobOutcome): string {
  const done = outcome.entries.filter((entry) => entry.status === 'done');
  if (done.length > 0 && outcome.failed > 0) return `Alt text generated for ${done.length} of ${done.length + outcome.failed} images; ${outcome.failed} failed.`;
  if (done.length === 1 && done[0]?.status === 'done') return `Alt text generated: ${done[0].result.altText}`;
  if (done.length > 1) return `Alt text generated for ${done.length} images.`;
  return outcome.failed > 0 ? 'No alt text was generated.' : '';
}

export default function GeneratePage() {
  useDocumentTitle('Generate Alt Text');
  // Warm the key list so the first generation does not wait for it.
  useQuery(apiKeyListQueryOptions());
  const [entries, setEntries] = useState<ResultEntry[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [newest, setNewest] = useState<string | null>(null);

  // Each result lands on top as soon as it is done; the announcement and focus wait for the whole.
  const lastArrived = useRef<string | null>(null);
  const onEntry = (entry: ResultEntry) => {
    lastArrived.current = entry.id;
    setEntries((current) => [entry, ...current]);
  };
  const onResults = (outcome: JobOutcome) => {
    setAnnouncement(announce(outcome));
    // The top card: the last to arrive.
    setNewest(outcome.entries.length > 0 ? lastArrived.current : null);
  };

  // The form's fields and button are disabled while a job runs, so the browser drops focus to
  // <body> (after Enter in Image URL, say). Focus goes to the first new result instead; focus the
  // user has put somewhere else on the page is left alone.
  useEffect(() => {
    if (!newest) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || active.closest('form[aria-label="Generate alt text"]') !== null;
    if (lost) document.getElementById(resultElementId(newest))?.focus();
  }, [newest]);

  return (
    <>
      <PageHeader
        title="Generate Alt Text"
        description="Describe images from a URL or an upload, one at a time or in batches."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <GenerateForm onEntry={onEntry} onResults={onResults} />
        </div>
        <div>
          <TipsBox />
        </div>
      </div>
      <ResultsSection entries={entries} announcement={announcement} />
    </>
  );
}
