import type { Monitor, MonitorRun } from '@altwise/sdk';
import { formatDateTime, formatNumber } from '@/lib/format';

/** "manual" → "Manual runs only"; a cron expression is shown as written (UTC). */
export function scheduleText(schedule: string): string {
  if (schedule === 'manual') return 'Manual runs only';
  if (schedule === 'daily') return 'Daily';
  if (schedule === 'weekly') return 'Weekly';
  return `Cron ${schedule} (UTC)`;
}

/** 0.9833 → "98.3%"; null (a run without images) → "No images". */
export function coverageText(coverage: number | null): string {
  return coverage === null ? 'No images' : `${(Math.round(coverage * 1000) / 10).toString()}%`;
}

/** One line on a run: "Run 3, completed 27/11/2026, 21:02: 30 pages, 31 images, 1 failing". */
export function runLine(run: MonitorRun): string {
  const when = formatDateTime(run.finishedAt ?? run.startedAt ?? run.createdAt);
  const head = `Run ${run.number}, ${run.status} ${when}`;
  if (run.status !== 'completed') return head;
  return `${head}: ${formatNumber(run.pagesCrawled)} pages, ${formatNumber(run.distinctImages ?? 0)} images, ${formatNumber(run.failing ?? 0)} failing`;
}

/** What the run's progress bar says while it crawls: pages read of the monitor's maximum. */
export function progressText(run: MonitorRun, monitor: Pick<Monitor, 'maxPages'>): string {
  if (run.status === 'queued') return 'Waiting to start';
  return `${formatNumber(run.pagesCrawled)} of at most ${formatNumber(monitor.maxPages)} pages`;
}
