import type { Monitor, MonitorRun } from '@altwise/sdk';
import { Badge } from '@/components/badge';
import type { BadgeTone } from '@/components/badge';
import { Card, CardHeader } from '@/components/card';
import { InlineAlert } from '@/components/inline-alert';
import { ProgressBar } from '@/components/progress-bar';
import { formatNumber } from '@/lib/format';
import { isRunActive } from '../api/monitor-queries';
import { progressText, runLine } from '../monitor-texts';

const STATUS_TONES: Record<MonitorRun['status'], BadgeTone> = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' };

/** What the crawl met besides pages: robots.txt, sitemaps, links it did not follow. */
function findingsText(findings: NonNullable<MonitorRun['findings']>): string[] {
  const lines: string[] = [];
  if (findings.robots) lines.push(`robots.txt: ${findings.robots}`);
  if (findings.sitemaps) lines.push(`${formatNumber(findings.sitemaps.sitemapsRead)} sitemaps read${findings.sitemaps.offSite > 0 ? `, ${formatNumber(findings.sitemaps.offSite)} of their URLs on other sites (ignored)` : ''}`);
  for (const problem of findings.sitemaps?.problems ?? []) lines.push(`Sitemap: ${problem}`);
  if (findings.disallowed > 0) lines.push(`${formatNumber(findings.disallowed)} links disallowed by robots.txt (not requested)`);
  if (findings.filtered > 0) lines.push(`${formatNumber(findings.filtered)} links outside the include and exclude patterns`);
  if (findings.trapped > 0) lines.push(`${formatNumber(findings.trapped)} links looking like an endless series (not followed)`);
  if (findings.offSite > 0) lines.push(`${formatNumber(findings.offSite)} links to other sites (not followed)`);
  return lines;
}

/**
 * The newest run: its status, and while it is queued or running a progress bar (pages read of
 * the monitor's maximum: the crawl may end sooner, when the site has no more pages). Status
 * changes are announced politely.
 */
export function RunStatus({ run, monitor }: { run: MonitorRun | undefined; monitor: Monitor }) {
  return (
    <Card>
      <CardHeader title="Latest run" />
      <div role="status" aria-live="polite" className="text-gray-800 dark:text-gray-100">
        {run ? (
          <p className="break-words">
            <Badge tone={STATUS_TONES[run.status]} className="mr-2">
              {run.status}
            </Badge>
            {runLine(run)}
          </p>
        ) : (
          <p>No run yet. Press Run now to crawl the site.</p>
        )}
      </div>
      {run && isRunActive(run) && (
        <ProgressBar className="mt-4" label="Pages crawled" value={run.pagesCrawled} max={monitor.maxPages} valueText={progressText(run, monitor)} />
      )}
      {run?.status === 'failed' && run.error && (
        <InlineAlert tone="error" className="mt-4" title="The run failed">
          {run.error}
        </InlineAlert>
      )}
      {run && (run.pagesSkipped > 0 || run.pagesFailed > 0) && (
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-200">
          {formatNumber(run.pagesSkipped)} URLs skipped, {formatNumber(run.pagesFailed)} failed (see Pages below).
        </p>
      )}
      {run?.findings && findingsText(run.findings).length > 0 && (
        <details className="mt-3 text-sm text-gray-800 dark:text-gray-100">
          <summary className="cursor-pointer rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400">What the crawl met</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
            {findingsText(run.findings).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
