// SARIF 2.1.0, the format GitHub code scanning (and most CI dashboards) read: one rule per lint rule,
// with its WCAG references and help, one result per finding with its file, line and column region.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { RuleSetting } from '../lint-config';
import type { LintReport } from '../lint-report';
import { LINT_RULES, criterionUrl, lintRule, ruleHelpUrl, techniqueUrl } from '../lint-rules';
import type { LintRule } from '../lint-rules';
import { cliVersion } from '../../cli-version';

const pascal = (id: string) => id.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

function descriptor(entry: LintRule, setting: RuleSetting | undefined): ReportingDescriptor {
  const references = [
    ...entry.criteria.map((criterion) => `- WCAG ${criterion}: ${criterionUrl(criterion)}`),
    ...entry.techniques.map((technique) => `- ${technique}: ${techniqueUrl(technique)}`),
  ];
  return {
    id: entry.id,
    name: pascal(entry.id),
    shortDescription: { text: entry.summary },
    fullDescription: { text: `${entry.summary}. ${entry.help}` },
    help: {
      text: `${entry.help}\n\nWCAG ${entry.criteria.join(', ')}${entry.techniques.length ? ` (${entry.techniques.join(', ')})` : ''}`,
      markdown: `${entry.help}\n\n${references.join('\n')}`,
    },
    helpUri: ruleHelpUrl(entry),
    // GitHub code scanning accepts only note, warning and error as a rule's level: a rule turned off is
    // disabled with its usual level, and its findings are left out of the results.
    defaultConfiguration: setting === 'off' ? { enabled: false, level: entry.severity } : { level: setting === 'warn' ? 'warning' : setting === 'error' ? 'error' : entry.severity },
    properties: {
      tags: ['accessibility', 'alt-text', ...entry.criteria.map((criterion) => `wcag${criterion.replace(/\./g, '')}`), ...entry.techniques.map((technique) => `wcag-${technique}`)],
      wcag: { successCriteria: [...entry.criteria], techniques: [...entry.techniques] },
    },
  };
}

/** Same image, same rule, same alt text: the same fingerprint, wherever lines move to. */
const fingerprint = (parts: readonly string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

/** `version` names the tool's version where the CLI's package.json is not beside the code (a bundle elsewhere). */
export function sarifLog(report: LintReport, options: { cwd: string; rules: Record<string, RuleSetting>; version?: string }): Log {
  const catalogue = [...LINT_RULES];
  for (const finding of report.findings) if (!catalogue.some((entry) => entry.id === finding.ruleId)) catalogue.push(lintRule(finding.ruleId));
  const indexOf = new Map(catalogue.map((entry, index) => [entry.id, index]));
  const seen = new Map<string, number>();
  const results: Result[] = report.findings.filter((finding) => options.rules[finding.ruleId] !== 'off').map((finding) => {
    const key = [finding.ruleId, finding.file, finding.src, finding.alt ?? '\0none'];
    const occurrence = (seen.get(key.join('\0')) ?? 0) + 1;
    seen.set(key.join('\0'), occurrence);
    return {
      ruleId: finding.ruleId,
      ruleIndex: indexOf.get(finding.ruleId)!,
      level: finding.severity,
      message: { text: finding.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: finding.file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' },
            region: { startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn },
          },
        },
      ],
      partialFingerprints: { 'altwiseImage/v1': fingerprint([...key, String(occurrence)]) },
      properties: { src: finding.src, alt: finding.alt, ...(finding.language ? { language: finding.language } : {}) },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'altwise', version: options.version ?? cliVersion(), rules: catalogue.map((entry) => descriptor(entry, options.rules[entry.id])) } },
        originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(options.cwd).href.replace(/\/?$/, '/')}` } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
