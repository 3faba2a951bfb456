import type { ApiKey } from '@altwise/shared';
import { Terminal } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from '@/components/copy-button';
import { maskApiKey } from '../mask-api-key';
import { useFullKey } from '../use-full-key';

/** The endpoint the examples call: this server's origin plus the API path. */
export function imagesEndpoint(origin: string = window.location.origin): string {
  return `${origin}/api/v1/images`;
}

export function singleExample(endpoint: string, key: string): string {
  return [
    `curl -X POST ${endpoint} \\`,
    `  -H "X-API-Key: ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"imageUrl": "https://example.com/photo.jpg"}'`,
  ].join('\n');
}

export function batchExample(endpoint: string, key: string): string {
  return [
    `curl -X POST ${endpoint}/batch \\`,
    `  -H "X-API-Key: ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"imageUrls": ["https://example.com/one.jpg", "https://example.com/two.jpg"]}'`,
  ].join('\n');
}

export function uploadExample(endpoint: string, key: string): string {
  return [`curl -X POST ${endpoint} \\`, `  -H "X-API-Key: ${key}" \\`, `  -F "file=@photo.jpg"`].join('\n');
}

function Example({ title, shown, copied }: { title: string; shown: string; copied: () => Promise<string> }) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-gray-900 dark:text-white">
          {title}
        </figcaption>
        <CopyButton text={copied} aria-label={`Copy ${title.toLowerCase()} command`} variant="ghost" />
      </div>
      {/* Each line is a whole shell line (broken at the "\" continuations, never inside a word or
          URL); a line wider than the box scrolls inside it. The box is focusable and named, so the
          keyboard can scroll it too (WCAG 2.1.1; the page itself never scrolls sideways, 1.4.10). */}
      <pre
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={`${title} command`}
        className="mt-2 overflow-x-auto rounded-xl bg-gray-950 p-4 font-mono text-xs leading-relaxed whitespace-pre text-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 sm:text-sm dark:border dark:border-gray-700"
      >
        <code>{shown}</code>
      </pre>
    </figure>
  );
}

/** Ready-to-run calls with the user's real key: masked on screen, in full when copied (one reveal). */
export function CurlExamples({ apiKey }: { apiKey: Pick<ApiKey, 'id' | 'apiKey' | 'masked'> }) {
  const endpoint = imagesEndpoint();
  const masked = maskApiKey(apiKey.apiKey);
  const getFullKey = useFullKey();
  const withKey = (build: (endpoint: string, key: string) => string) => async () => build(endpoint, await getFullKey(apiKey));
  return (
    <div className="space-y-5">
      <p className="flex items-start gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Terminal className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your key is masked on screen; the Copy buttons copy the full command, key included.
      </p>
      <Example title="Single image" shown={singleExample(endpoint, masked)} copied={withKey(singleExample)} />
      <Example title="Batch processing" shown={batchExample(endpoint, masked)} copied={withKey(batchExample)} />
      <Example title="File upload" shown={uploadExample(endpoint, masked)} copied={withKey(uploadExample)} />
    </div>
  );
}
