// `altwise lint <globs…>`: the checker where developers decide, with no server and no key. Loaded only
// when the command runs, so the other commands never pay for the checker's word lists.
import { loadLintConfig } from './lint-config';
import { changedLines } from './changed-lines';
import { lintFiles } from './lint-files';
import { githubFormat } from './formats/github-format';
import { sarifLog } from './formats/sarif-format';
import { tableFormat } from './formats/table-format';

export const LINT_FORMATS = ['table', 'json', 'sarif', 'github'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export interface LintFlags {
  format: LintFormat;
  language?: string;
  maxWarnings?: number;
  changed?: string;
}

/** Prints the report and returns the exit code: 1 on any error, or on more warnings than --max-warnings. */
export async function lintCommand(globs: string[], flags: LintFlags, configFlag: string | undefined, io: { out: (text: string) => void; err: (text: string) => void }, cwd = process.cwd()): Promise<number> {
  const write = io.out;
  const config = loadLintConfig(configFlag, cwd);
  const changed = flags.changed === undefined ? undefined : await changedLines(flags.changed, cwd);
  const report = await lintFiles({ patterns: globs, cwd, config, language: flags.language, changed });
  if (flags.format === 'json') write(JSON.stringify(report, null, 2));
  else if (flags.format === 'sarif') write(JSON.stringify(sarifLog(report, { cwd, rules: config.rules }), null, 2));
  else if (flags.format === 'github') {
    const annotations = githubFormat(report);
    if (annotations) write(annotations);
  } else write(tableFormat(report));
  const tooManyWarnings = flags.maxWarnings !== undefined && report.summary.warnings > flags.maxWarnings;
  if (tooManyWarnings) io.err(`altwise: ${report.summary.warnings} warnings, more than --max-warnings ${flags.maxWarnings}`);
  return report.summary.errors > 0 || tooManyWarnings ? 1 : 0;
}
