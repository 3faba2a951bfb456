// What `altwise monitor status|run|report|fixes` print: a run's figures in words, and its failing images.
import type { Monitor, MonitorFixList, MonitorImages, MonitorRun } from '@altwise/sdk';

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

/** Text from the site or a person, one line on a terminal: control characters become spaces. */
// eslint-disable-next-line no-control-regex
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');

export function fixLines(list: MonitorFixList): string[] {
  if (list.jobId === null) return ["No fix job for this run yet: 'Suggest alt text for the failing images' makes it."];
  if (list.total === 0) return [`No approved fix yet: review job ${list.jobId}.`];
  return [
    `Fixes (${list.total}) from job ${list.jobId}:`,
    ...list.pages.flatMap((page) => [
      `  ${oneLine(page.pageUrl)}`,
      ...page.fixes.map((fix) => `    ${oneLine(fix.location)}: ${fix.currentAlt === null ? 'no alt' : `"${oneLine(fix.currentAlt)}"`} → "${oneLine(fix.suggestedAlt)}"`),
    ]),
  ];
}
