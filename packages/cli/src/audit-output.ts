import type { Audit, AuditImage } from '@altwise/sdk';
import { DRAFT_LABEL } from '@altwise/shared';

const cell = (value: string | null | undefined, width: number) => {
  const text = (value ?? '').replace(/\s+/g, ' ');
  return (text.length > width ? `${text.slice(0, width - 1)}…` : text).padEnd(width);
};

const isDraft = (image: AuditImage) => image.suggestion !== null && image.suggestionVerification === 'draft';

/**
 * A fixed-width table for a terminal: verdict, current name, suggestion, image. A draft's suggestion
 * (no vision model wrote it) starts "(draft)", and a line under the table says what that means.
 */
export function auditTable(audit: Audit): string {
  const lines = [
    `${audit.finalUrl}: ${audit.summary.images} images, ${audit.summary.missing} missing, ${audit.summary.poor} poor, ${audit.summary.decorative} decorative, ${audit.summary.ok} ok${audit.summary.broken > 0 ? `, ${audit.summary.broken} broken (did not load)` : ''}`,
    '',
    `${cell('#', 4)}${cell('verdict', 11)}${cell('current alt', 32)}${cell('suggestion', 32)}image`,
  ];
  for (const image of audit.images) {
    const current = image.accessibleName === null ? '(none)' : image.accessibleName === '' ? '(empty)' : image.accessibleName;
    const suggestion = isDraft(image) ? `(draft) ${image.suggestion}` : image.suggestion;
    lines.push(`${cell(String(image.index + 1), 4)}${cell(image.verdict, 11)}${cell(current, 32)}${cell(suggestion, 32)}${image.imageUrl ?? image.selector}`);
  }
  const drafts = audit.images.filter(isDraft).length;
  if (drafts > 0) {
    lines.push('', `(draft) ${DRAFT_LABEL}: ${drafts === 1 ? '1 suggestion says' : `${drafts} suggestions say`} only what could be measured. Check each against its image before you publish it.`);
  }
  return lines.join('\n');
}

const csvCell = (value: string | number | null | undefined) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function auditCsv(audit: Audit): string {
  const rows = [['index', 'kind', 'verdict', 'image_url', 'selector', 'accessible_name', 'name_source', 'suggestion', 'verification', 'issues']];
  for (const image of audit.images) {
    rows.push([String(image.index), image.kind, image.verdict, image.imageUrl ?? '', image.selector, image.accessibleName ?? '', image.nameSource ?? '', image.suggestion ?? '', image.suggestion === null ? '' : (image.suggestionVerification ?? ''), image.issues.map((issue) => issue.message).join('; ')]);
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\n');
}
