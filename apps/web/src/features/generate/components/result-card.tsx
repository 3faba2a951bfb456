import { AlertCircle, AlertTriangle, Clock, Info, ShieldCheck, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/badge';
import type { BadgeTone } from '@/components/badge';
import { CopyButton } from '@/components/copy-button';
import { DraftBadge, DraftExplanation } from '@/components/draft-notice';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMs } from '@/lib/format';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import type { AltTextIssue } from '@altwise/shared';
import { resultElementId } from '../result-entry';
import { ReadingsSummary } from './readings-summary';
import { HighlightedAltText } from '@/components/highlighted-alt-text';
import type { ResultEntry } from '../result-entry';

const severity: Record<AltTextIssue['severity'], { tone: BadgeTone; label: string; Icon: typeof Info }> = {
  error: { tone: 'red', label: 'Error', Icon: AlertCircle },
  warning: { tone: 'amber', label: 'Warning', Icon: AlertTriangle },
  info: { tone: 'blue', label: 'Info', Icon: Info },
};

function Preview({ src, alt }: { src: string; alt: string }) {
  // The placeholder stands in for a missing address or one that failed to load.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && src !== failed ? src : PLACEHOLDER_IMAGE;
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-gray-200 bg-gray-100 sm:w-56 sm:shrink-0 dark:border-gray-700 dark:bg-gray-800">
      <img
        src={shown}
        alt={alt}
        loading="lazy"
        onError={() => setFailed(src)}
        className="max-h-full w-full object-contain"
      />
    </div>
  );
}

export function ResultCard({ entry }: { entry: ResultEntry }) {
  const headingId = useId();
  if (entry.status === 'failed') {
    return (
      <article
        id={resultElementId(entry.id)}
        tabIndex={-1}
        aria-labelledby={headingId}
        data-testid="result-error"
        className="rounded-2xl border border-red-200 bg-red-50 p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-red-900 dark:bg-red-950/40 dark:focus-visible:ring-blue-400"
      >
        <div className="flex items-start gap-3">
          <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
          <div className="min-w-0">
            <h3 id={headingId} className="truncate font-semibold text-red-900 dark:text-red-100">
              {entry.name}
            </h3>
            {entry.imageUrl && <p className="mt-0.5 truncate text-sm text-red-900 dark:text-red-100">{entry.imageUrl}</p>}
            <p className="mt-2 text-sm text-red-900 dark:text-red-100">
              <span className="font-semibold">Could not describe this image:</span> {entry.message}
            </p>
          </div>
        </div>
      </article>
    );
  }

  const { result } = entry;
  return (
    <article
      id={resultElementId(entry.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="result"
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-gray-800 dark:bg-gray-900 dark:focus-visible:ring-blue-400"
    >
      <div className="flex flex-col gap-5 sm:flex-row">
        <Preview src={entry.imageSrc} alt={result.altText} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 id={headingId} className="truncate font-semibold text-gray-900 dark:text-white" title={entry.name}>
                {entry.name}
              </h3>
              <p className="mt-0.5 flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
                <Clock className="size-3.5" aria-hidden="true" />
                <time dateTime={result.timestamp}>{formatDateTime(result.timestamp)}</time>
              </p>
            </div>
            <CopyButton text={result.altText} aria-label={`Copy alt text for ${entry.name}`} />
          </div>

          <div className="mt-3 flex flex-wrap items-center gap-2">
            {result.verification === 'draft' ? (
              <DraftBadge />
            ) : (
              result.wcagCompliant && (
                <Badge tone="green">
                  <ShieldCheck className="size-3.5" aria-hidden="true" />
                  WCAG Compliant
                </Badge>
              )
            )}
            <Badge tone="blue">
              <Timer className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Processing time: </span>
              {formatMs(result.processingTime)}
            </Badge>
            {result.isDecorative && <Badge tone="violet">Decorative</Badge>}
            {result.cached && <Badge tone="gray">Cached</Badge>}
          </div>

          {result.verification === 'draft' && <DraftExplanation className="mt-2 text-sm text-gray-700 dark:text-gray-200" />}

          <h4 className="mt-4 text-sm font-semibold text-gray-900 dark:text-white">Alt text</h4>
          <p
            data-testid="alt-text"
            className="mt-1.5 rounded-xl border border-gray-200 bg-gray-50 p-3 text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100"
          >
            {result.altText ? <HighlightedAltText altText={result.altText} uncertain={result.uncertain} /> : <span className="text-gray-600 italic dark:text-gray-300">Empty (decorative image: alt="")</span>}
          </p>
          <ReadingsSummary result={result} />

          {result.textInImage && (
            <p className="mt-3 text-sm text-gray-700 dark:text-gray-200">
              <span className="font-semibold">Text in image:</span> {result.textInImage}
            </p>
          )}
          {result.longDescription && (
            <details className="mt-3 text-sm text-gray-700 dark:text-gray-200">
              <summary className="cursor-pointer rounded font-semibold text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white dark:focus-visible:ring-blue-400">
                Long description
              </summary>
              <p className="mt-2">{result.longDescription}</p>
            </details>
          )}

          {result.issues.length > 0 && (
            <div className="mt-4">
              <h4 className="text-sm font-semibold text-gray-900 dark:text-white">
                {/* A draft's notes are not WCAG failures unless one is an error. */}
                {result.issues.some((issue) => issue.severity === 'error') ? 'WCAG issues' : 'Quality notes'}
              </h4>
              <ul className="mt-2 space-y-1.5">
                {result.issues.map((issue, index) => {
                  const { tone, label, Icon } = severity[issue.severity];
                  return (
                    <li key={`${issue.id}-${index}`} className="flex items-start gap-2 text-sm">
                      <Badge tone={tone} className={cn('shrink-0')}>
                        <Icon className="size-3.5" aria-hidden="true" />
                        {label}
                      </Badge>
                      <span className="text-gray-800 dark:text-gray-200">{issue.message}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
