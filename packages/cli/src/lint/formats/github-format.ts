// GitHub Actions workflow commands: one `::error …::` or `::warning …::` line per finding, which the
// runner turns into an annotation on the file and line of the pull request.
import type { LintReport } from '../lint-report';

// https://github.com/actions/toolkit (core/src/command.ts): data escapes %, CR and LF; properties also : and ,.
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubFormat(report: LintReport): string {
  return report.findings
    .map((finding) => {
      const properties = [
        `file=${escapeProperty(finding.file)}`,
        `line=${finding.line}`,
        `col=${finding.column}`,
        `endLine=${finding.endLine}`,
        `endColumn=${finding.endColumn}`,
        `title=${escapeProperty(`altwise ${finding.ruleId}`)}`,
      ];
      return `::${finding.severity} ${properties.join(',')}::${escapeData(finding.message)}`;
    })
    .join('\n');
}
