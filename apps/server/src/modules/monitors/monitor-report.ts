// A run's HTML report: the evidence a compliance lead files. Self-contained (inline styles, no
// script, no picture loaded: a printed page must not depend on the site), dated in words, and built
// with the page audit report's look (reportPage). Every text that came from the site (URLs, page
// titles, alt text) is escaped.
import type { Monitor, MonitorRun } from '@altwise/shared';
import escapeHtml from 'escape-html';
import { readableInstant, reportPage } from '../audits';

export interface ReportOccurrence {
  page_url: string;
  location: string;
  selector: string;
  image_url: string | null;
  accessible_name: string | null;
  verdict: string;
  issues: string;
}

export interface RunReport {
  monitor: Monitor;
  run: MonitorRun;
  /** The number of the run it was compared with (null: the first run). */
  comparedWithNumber: number | null;
  /** Failing occurrences, by page (the first FIX_LIST_MAX). */
  failing: ReportOccurrence[];
  titles: Map<string, string | null>;
  generatedAt: string;
}

const VERDICT_LABEL: Record<string, string> = { missing: 'Missing', poor: 'Poor', broken: 'Broken (did not load)', ok: 'OK', decorative: 'Decorative' };
const percent = (share: number | null) => (share === null ? 'no images' : `${Math.round(share * 1000) / 10}%`);
const count = (value: number | null) => (value === null ? '–' : String(value));

function when(iso: string | null): string {
  return iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(readableInstant(iso))}</time>` : 'not yet';
}

function altCell(value: string | null): string {
  if (value === null) return '<em>none</em>';
  if (value.trim() === '') return '<em>empty (decorative)</em>';
  return escapeHtml(value);
}

function tableRegion(label: string, head: string[], rows: string[]): string {
  return `<div class="table-scroll" role="region" aria-label="${escapeHtml(label)} (scrolls sideways on narrow screens)" tabindex="0">
<table>
<thead><tr>${head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>`;
}

function summary(report: RunReport): string {
  const { run } = report;
  const rows: Array<[string, string]> = [
    ['Status', escapeHtml(run.status)],
    ['Pages read', String(run.pagesCrawled)],
    ['Pages skipped or failed', String(run.pagesSkipped + run.pagesFailed)],
    ['Distinct images', count(run.distinctImages)],
    ['Image occurrences', count(run.occurrences)],
    ['Failing occurrences', count(run.failing)],
    // Short terms: the list is two columns, and must fit a 390 px screen.
    ['Coverage', percent(run.coverage)],
  ];
  if (report.monitor.coverageThreshold !== null) rows.push(['Coverage threshold', percent(report.monitor.coverageThreshold)]);
  if (report.comparedWithNumber !== null) {
    rows.push(['Compared with', `run ${report.comparedWithNumber}`], ['New', count(run.new)], ['Fixed', count(run.fixed)], ['Regressed', count(run.regressed)], ['Removed', count(run.removed)], ['Unchanged', count(run.unchanged)]);
  }
  const found = run.findings;
  if (found) rows.push(['Links not followed', `${found.disallowed} disallowed by robots.txt, ${found.filtered} outside the patterns, ${found.trapped} query variants past the cap, ${found.offSite} to other hosts`]);
  return `<dl>\n${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('\n')}\n</dl>`;
}

function changes(run: MonitorRun): string {
  if (!run.changes?.length) return '<p>No image got worse or was fixed since the previous run.</p>';
  const rows = run.changes.map(
    (change) => `<tr>
<td>${change.kind === 'regressed' ? '<strong class="verdict-missing">Regressed</strong>' : '<span class="verdict-ok">Fixed</span>'}</td>
<td><code>${escapeHtml(change.pageUrl)}</code></td>
<td>${escapeHtml(change.location)}</td>
<td>${escapeHtml(VERDICT_LABEL[change.before.verdict] ?? change.before.verdict)}: ${altCell(change.before.accessibleName)}</td>
<td>${escapeHtml(VERDICT_LABEL[change.after.verdict] ?? change.after.verdict)}: ${altCell(change.after.accessibleName)}</td>
</tr>`,
  );
  const more = (run.regressed ?? 0) + (run.fixed ?? 0) - run.changes.length;
  return `${tableRegion('What changed', ['Change', 'Page', 'Where', 'Before', 'Now'], rows)}${more > 0 ? `\n<p>${more} more changes are counted above but not listed.</p>` : ''}`;
}

function failing(report: RunReport): string {
  if (report.failing.length === 0) return '<p>No image fails.</p>';
  const rows = report.failing.map((occurrence) => {
    const title = report.titles.get(occurrence.page_url);
    return `<tr>
<td>${title ? `${escapeHtml(title)}<br>` : ''}<code>${escapeHtml(occurrence.page_url)}</code></td>
<td>${escapeHtml(occurrence.location)}<details><summary>CSS path</summary><code>${escapeHtml(occurrence.selector)}</code></details></td>
<td><code>${escapeHtml(occurrence.image_url ?? 'inline SVG')}</code></td>
<td class="verdict-${escapeHtml(occurrence.verdict)}">${escapeHtml(VERDICT_LABEL[occurrence.verdict] ?? occurrence.verdict)}</td>
<td>${altCell(occurrence.accessible_name)}</td>
<td>${escapeHtml(occurrence.issues.split(' ').filter(Boolean).join(', '))}</td>
</tr>`;
  });
  const cut = (report.run.failing ?? 0) > report.failing.length ? `\n<p>The first ${report.failing.length} of ${report.run.failing} failing occurrences are listed.</p>` : '';
  return `${tableRegion('Failing images by page', ['Page', 'Where', 'Image', 'Verdict', 'Current alt', 'Rules'], rows)}${cut}`;
}

function rules(run: MonitorRun): string {
  const entries = Object.entries(run.rules ?? {}).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return '';
  return `<h2>Failures by rule</h2>\n<dl>\n${entries.map(([rule, n]) => `<dt><code>${escapeHtml(rule)}</code></dt><dd>${n}</dd>`).join('\n')}\n</dl>`;
}

export function runReportHtml(report: RunReport): string {
  const { monitor, run } = report;
  const title = `Alt text monitor report: ${monitor.url}, run ${run.number}`;
  return reportPage(
    title,
    `<p>Run ${run.number} (${escapeHtml(run.trigger === 'schedule' ? 'scheduled' : 'started by hand')}) began ${when(run.startedAt)} and finished ${when(run.finishedAt)}. Report generated ${when(report.generatedAt)}.</p>
<h2>Summary</h2>
<p>Coverage is the share of image occurrences with an acceptable text alternative.</p>
${summary(report)}
${rules(run)}
<h2>What changed since the previous run</h2>
${report.comparedWithNumber === null ? '<p>This is the first completed run of the monitor: nothing to compare with.</p>' : changes(run)}
<h2>Failing images by page</h2>
${failing(report)}
`,
  );
}
