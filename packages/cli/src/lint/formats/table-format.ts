// The default output: findings grouped by file, one line each (line:column, severity, message, rule),
// then a count. Plain text: it is read in terminals and in CI logs alike.
import type { LintReport } from '../lint-report';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function tableFormat(report: LintReport): string {
  const lines: string[] = [];
  const byFile = new Map<string, LintReport['findings']>();
  for (const finding of report.findings) {
    if (!byFile.has(finding.file)) byFile.set(finding.file, []);
    byFile.get(finding.file)!.push(finding);
  }
  for (const [file, findings] of byFile) {
    lines.push(file);
    const width = Math.max(...findings.map((finding) => `${finding.line}:${finding.column}`.length));
    for (const finding of findings) {
      lines.push(`  ${`${finding.line}:${finding.column}`.padEnd(width)}  ${finding.severity.padEnd(7)}  ${finding.message.replace(/\s+/g, ' ')}  ${finding.ruleId}`);
    }
    lines.push('');
  }
  const { errors, warnings, images, files, suppressed } = report.summary;
  const checked = `${plural(images, 'image')} in ${plural(files, 'file')}`;
  const silenced = suppressed ? `, ${suppressed} suppressed by altwise-ignore` : '';
  lines.push(errors + warnings === 0 ? `No problems: ${checked}${silenced}` : `${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}): ${checked}${silenced}`);
  return lines.join('\n');
}
