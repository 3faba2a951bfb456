import { Lightbulb } from 'lucide-react';

const TIPS = [
  'Use high-quality images for the most accurate descriptions.',
  // The server fetches http and https alike, and refuses private-network addresses.
  'Image URLs must be public web addresses (http or https) that anyone can open.',
  'Batch processing is more efficient when you have several images.',
  'Descriptions follow the WCAG 2.1 guidelines for text alternatives.',
];

/** The tips box (docs/product-decisions.md#generate). */
export function TipsBox() {
  return (
    <aside
      aria-labelledby="tips-title"
      className="rounded-2xl border border-blue-200 bg-blue-50 p-6 dark:border-blue-900 dark:bg-blue-950/40"
    >
      <h2 id="tips-title" className="flex items-center gap-2 text-base font-semibold text-blue-950 dark:text-blue-100">
        <Lightbulb className="size-5 text-blue-700 dark:text-blue-300" aria-hidden="true" />
        Tips for best results
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-blue-950 marker:text-blue-700 dark:text-blue-100 dark:marker:text-blue-300">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className="mt-5 border-t border-blue-200 pt-4 text-sm text-blue-950 dark:border-blue-900 dark:text-blue-100">
        <span className="font-semibold">Supported formats:</span> JPG, PNG, GIF, WebP
      </p>
    </aside>
  );
}
