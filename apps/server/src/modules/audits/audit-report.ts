// The two downloads of an audit: a CSV for spreadsheets and a self-contained HTML page a person
// can send to a colleague (inline styles, no script; thumbnails load from the audited site).
import { DRAFT_LABEL } from '@altwise/shared';
import type { Audit, AuditImage } from '@altwise/shared';
import escapeHtml from 'escape-html';

const CSV_COLUMNS = ['index', 'kind', 'verdict', 'image_url', 'selector', 'accessible_name', 'name_source', 'suggestion', 'verification', 'issues', 'link_href', 'figcaption', 'heading', 'language', 'location'] as const;

/** Quotes a CSV cell; a leading = + - @ is defused so a spreadsheet never runs a page's text as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(image: AuditImage): string {
  const cells = [
    image.index,
    image.kind,
    image.verdict,
    image.imageUrl,
    image.selector,
    image.accessibleName,
    image.nameSource,
    image.suggestion,
    // draft (no vision model wrote the suggestion) or model; empty without a suggestion.
    image.suggestion === null ? null : image.suggestionVerification,
    image.issues.map((issue) => `${issue.severity}: ${issue.message}`).join('; '),
    image.context.link?.href,
    image.context.figcaption,
    image.context.heading,
    image.language,
    image.location,
  ];
  return cells.map(csvCell).join(',');
}

export function auditCsv(audit: Audit): string {
  return [CSV_COLUMNS.join(','), ...audit.images.map(csvRow)].join('\r\n') + '\r\n';
}

const VERDICT_LABEL: Record<AuditImage['verdict'], string> = { missing: 'Missing', poor: 'Poor', decorative: 'Decorative', ok: 'OK', broken: 'Broken' };

function altCell(value: string | null): string {
  if (value === null) return '<em>none</em>';
  if (value === '') return '<em>empty (decorative)</em>';
  return escapeHtml(value);
}

function thumbnail(image: AuditImage): string {
  if (!image.imageUrl || !/^https?:/i.test(image.imageUrl)) return '<span class="none">no preview</span>';
  // Empty alt: the current and suggested alt text are in the next cells of the row.
  return `<img src="${escapeHtml(image.imageUrl)}" alt="" width="96" loading="lazy" referrerpolicy="no-referrer">`;
}

function imageRow(image: AuditImage): string {
  const issues = image.issues.length
    ? `<ul>${image.issues.map((issue) => `<li><strong>${escapeHtml(issue.severity)}</strong>: ${escapeHtml(issue.message)}</li>`).join('')}</ul>`
    : '';
  const suggestion =
    image.suggestion !== null
      ? `${image.suggestionVerification === 'draft' ? `<strong class="draft">${escapeHtml(DRAFT_LABEL)}</strong><br>` : ''}${escapeHtml(image.suggestion)}`
      : image.suggestionError
        ? `<em>${escapeHtml(image.suggestionError.message)}</em>`
        : '';
  return `<tr>
<td>${image.index + 1}</td>
<td>${thumbnail(image)}</td>
<td class="verdict-${image.verdict}">${VERDICT_LABEL[image.verdict]}</td>
<td>${altCell(image.accessibleName)}${image.nameSource ? ` <small>(${escapeHtml(image.nameSource)})</small>` : ''}</td>
<td>${suggestion}</td>
<td>${issues}</td>
<td>${escapeHtml(image.location)}<details><summary>CSS path</summary><code>${escapeHtml(image.selector)}</code></details></td>
</tr>`;
}

/**
 * The look of the downloadable reports (this audit report and a monitor run's): inline, no script,
 * readable in both colour schemes' print, a wide table scrolling in its own region on a narrow
 * screen and printed whole.
 */
const REPORT_STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a;background:#fff;line-height:1.5}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #767676;padding:.5rem;vertical-align:top;text-align:left}
h1{overflow-wrap:anywhere}th{background:#f0f0f0}code{font-size:.85em;word-break:break-all}img{max-width:96px;height:auto}
.verdict-missing{color:#a50e0e;font-weight:bold}.verdict-poor{color:#7a4b00;font-weight:bold}.verdict-ok{color:#0b6b2b}.verdict-decorative{color:#444}.verdict-broken{color:#a50e0e;font-weight:bold}.draft{color:#7a4b00}
.table-scroll{overflow-x:auto;max-width:100%}.table-scroll:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
@media (max-width:40rem){body{margin:1rem}}
dl{display:grid;grid-template-columns:max-content auto;gap:.25rem 1rem}dt{font-weight:bold}
@media print{body{margin:0}.table-scroll{overflow:visible}a{color:inherit}}
`;

/** A self-contained report page (audits' and monitor runs'): its title as heading, then `body` (HTML, escaped by the caller). */
export function reportPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${REPORT_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}</main>
</body>
</html>
`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "27 November 2026, 12:48 UTC": the report is in English and is read far from the server, so the
 * date is spelled out in UTC by hand rather than through the server's locale and time zone.
 */
export function readableInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

export function auditHtml(audit: Audit): string {
  const { summary } = audit;
  const title = `Alt text audit of ${audit.finalUrl}`;
  return reportPage(
    title,
    `<p>Audited <time datetime="${escapeHtml(audit.createdAt)}">${escapeHtml(readableInstant(audit.createdAt))}</time>${audit.pageTitle ? ` · page title: ${escapeHtml(audit.pageTitle)}` : ''}</p>
<h2>Summary</h2>
<dl>
<dt>Images</dt><dd>${summary.images}</dd>
<dt>Missing</dt><dd>${summary.missing}</dd>
<dt>Poor</dt><dd>${summary.poor}</dd>
<dt>Decorative</dt><dd>${summary.decorative}</dd>
<dt>OK</dt><dd>${summary.ok}</dd>
<dt>Broken (did not load)</dt><dd>${summary.broken}</dd>
<dt>Suggested</dt><dd>${summary.suggested}</dd>
<dt>Not audited</dt><dd>${summary.notAudited}</dd>
</dl>
${summary.notAudited > 0 ? `<p>The page has ${summary.images + summary.notAudited} images; only the first ${summary.images} were audited.</p>` : ''}
<h2>Images</h2>
${audit.images.some((image) => image.suggestion !== null && image.suggestionVerification === 'draft') ? `<p><strong>${escapeHtml(DRAFT_LABEL)}</strong>: no vision model looked at the images marked so; their suggestions say only what could be measured. Check each against its image before you publish it.</p>
` : ''}<div class="table-scroll" role="region" aria-label="Images (scrolls sideways on narrow screens)" tabindex="0">
<table>
<thead><tr><th scope="col">#</th><th scope="col">Image</th><th scope="col">Verdict</th><th scope="col">Current alt</th><th scope="col">Suggested alt</th><th scope="col">Issues</th><th scope="col">Where</th></tr></thead>
<tbody>
${audit.images.map(imageRow).join('\n')}
</tbody>
</table>
</div>
`,
  );
}
