import type { DescribedImage } from '../result-entry';
import { CLAIM_KIND_NAMES, readingsSentence } from '@/lib/readings';

/** What several readings of the image agreed and disagreed on, in words. */
export function ReadingsSummary({ result }: { result: DescribedImage }) {
  if (!result.samples || !result.uncertain) return null;
  const samples = result.samples;
  if (result.uncertain.length === 0) {
    return (
      <p data-testid="readings-summary" className="mt-3 text-sm text-gray-700 dark:text-gray-200">
        <span className="font-semibold">Readings:</span> all {samples} readings agree.
      </p>
    );
  }
  return (
    <div data-testid="readings-summary" className="mt-4">
      <h4 className="text-sm font-semibold text-gray-900 dark:text-white">Where the {samples} readings disagree</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800 dark:text-gray-200">
        {result.uncertain.map((entry, index) => (
          <li key={`${entry.kind}-${index}`}>
            <span className="font-semibold">{CLAIM_KIND_NAMES[entry.kind]}:</span> {readingsSentence(entry, samples)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">Check these against the image before you publish the alt text.</p>
    </div>
  );
}
