// What `altwise monitor status|run|report` print: a run's figures in words, and its failing images.
import type { Monitor, MonitorImages, MonitorRun } from '@altwise/sdk';

const percent = (coverage: number | null) => (coverage === null ? 'no images' : `${Math.round(coverage * 1000) / 10}%`);

export function runLines(run: MonitorRun): string[] {
  const lines = [`Run ${run.number} (${run.id}): ${run.status}${run.error ? `: ${run.error}` : ''}`, `  pages read: ${run.pagesCrawled}, skipped: ${run.pagesSkipped}, failed: ${run.pagesFailed}`];
  if (run.status !== 'completed') return lines;
  lines.push(
    `  images: ${run.distinctImages} distinct, ${run.occurrences} occurrences, ${run.failing} failing; coverage ${percent(run.coverage)}`,
    run.comparedWith
      ? `  since run ${run.comparedWith}: ${run.regressed} regressed, ${run.fixed} fixed, ${run.new} new, ${run.removed} removed, ${run.unchanged} unchanged`
      : '  the first run: nothing to compare with',
  );
  for (const change of run.changes ?? []) {
    lines.push(`  ${change.kind}: ${change.pageUrl} › ${change.location}: ${change.before.verdict} → ${change.after.verdict}`);
  }
  return lines;
}

export function monitorLines(monitor: Monitor): string[] {
  return [`Monitor ${monitor.id}: ${monitor.url}`, `  schedule: ${monitor.schedule}${monitor.nextRunAt ? ` (next run ${monitor.nextRunAt})` : ''}, up to ${monitor.maxPages} pages`];
}

export function imageLines(images: MonitorImages): string[] {
  if (images.images.length === 0) return ['No failing images.'];
  return [
    `Failing images (${images.total}):`,
    ...images.images.map((image) => `  ${image.failing}/${image.occurrences} failing on ${image.pages} page(s): ${image.imageUrl ?? 'inline SVG'} (e.g. ${image.examplePage})`),
  ];
}
