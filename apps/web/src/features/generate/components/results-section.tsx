import { Sparkles } from 'lucide-react';
import { LoadOlderButton } from '@/components/load-older-button';
import { EmptyState } from '@/components/empty-state';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { useGenerations } from '../api/list-generations';
import { historyEntry } from '../result-entry';
import type { ResultEntry } from '../result-entry';
import { ResultCard } from './result-card';

export interface ResultsSectionProps {
  /** This visit's results, newest first. */
  entries: ResultEntry[];
  /** Read out by screen readers when a generation finishes. */
  announcement: string;
}

/** This visit's results on top, then past generations from the history endpoint (newest first). */
export function ResultsSection({ entries, announcement }: ResultsSectionProps) {
  const history = useGenerations();
  const past = history.data?.pages.flatMap((page) => page.items.map(historyEntry)) ?? [];
  const all = [...entries, ...past];

  return (
    <section aria-labelledby="results-title" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="results-title" className="text-xl font-semibold text-gray-900 dark:text-white">
            Results
          </h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Newest first, with your past generations below.</p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="mt-5">
        {all.length > 0 ? (
          <ol className="space-y-4" aria-label="Generated alt text">
            {all.map((entry) => (
              <li key={entry.id}>
                <ResultCard entry={entry} />
              </li>
            ))}
          </ol>
        ) : history.isPending ? (
          <div className="flex justify-center py-10 text-blue-700 dark:text-blue-300">
            <Spinner className="size-6" label="Loading past generations…" />
          </div>
        ) : (
          !history.isError && (
            <EmptyState
              icon={Sparkles}
              title="No alt text yet"
              description="Add an image URL or upload images above, then press Generate Alt Text. Your results appear here."
            />
          )
        )}

        {history.isError && (
          <QueryErrorAlert className="mt-4" title="Past generations could not be loaded" query={history} />
        )}

        <LoadOlderButton pages={history} className="mt-6">
          Load older generations
        </LoadOlderButton>
      </div>
    </section>
  );
}
