import { Terminal } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from '@/components/copy-button';
import { maskApiKey } from '../mask-api-key';

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

function Example({ title, shown, copied }: { title: string; shown: string; copied: string }) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-gray-900 dark:text-white">
          {title}
        </figcaption>
        <CopyButton text={copied} aria-label={`Copy ${title.toLowerCase()} command`} variant="ghost" />
      </div>
      {/* Wrapped rather than scrolled: no horizontal scrolling at any zoom (WCAG 1.4.10). */}
      <pre className="mt-2 rounded-xl bg-gray-950 p-4 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-100 sm:text-sm dark:border dark:border-gray-700">
        <code>{shown}</code>
      </pre>
    </figure>
  );
}

/** Ready-to-run calls with the user's real key: masked on screen, in full when copied. */
export function CurlExamples({ apiKey }: { apiKey: string }) {
  const endpoint = imagesEndpoint();
  const masked = maskApiKey(apiKey);
  return (
    <div className="space-y-5">
      <p className="flex items-start gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Terminal className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your key is masked on screen; the Copy buttons copy the full command, key included.
      </p>
      <Example title="Single image" shown={singleExample(endpoint, masked)} copied={singleExample(endpoint, apiKey)} />
      <Example title="Batch processing" shown={batchExample(endpoint, masked)} copied={batchExample(endpoint, apiKey)} />
      <Example title="File upload" shown={uploadExample(endpoint, masked)} copied={uploadExample(endpoint, apiKey)} />
    </div>
  );
}
