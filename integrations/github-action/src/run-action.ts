// The action, start to end: lint the files the pull request changed (only the lines it changed),
// report (annotations or SARIF), suggest alt text in one review when a key is given, and judge the
// gate. It takes its environment and a log as parameters, so tests run it in process as well as
// through dist/index.js.
import fs from 'node:fs';
import path from 'node:path';
import type { LintReport } from '@altwise/cli/action-kit';
import {
  FILLABLE_EXTENSIONS,
  escapePath,
  githubFormat,
  isInside,
  lintFiles,
  lintSource,
  loadLintConfig,
  sarifLog,
} from '@altwise/cli/action-kit';
import { Altwise } from '@altwise/sdk';
import type { GitHubContext } from './github-context';
import { readContext } from './github-context';
import type { GitHubClient, Pacing } from './github-client';
import { GITHUB_PACING, githubClient, isRateLimit } from './github-client';
import { checkoutHead } from './head-checkout';
import type { ActionInputs } from './inputs';
import { readInputs } from './inputs';
import type { PullFile } from './pull-request-diff';
import { PullRequestDiff } from './pull-request-diff';
import { syncReview } from './review-sync';
import { addLineHashes } from './sarif-fingerprints';
import { uploadSarif } from './sarif-upload';
import { commentBody, reviewBody } from './review-text';
import type { LineProposal, SourceFile } from './suggestions';
import { proposeAltText } from './suggestions';

declare const ACTION_VERSION: string | undefined;
/** The bundle's version (set by the build); in tests, the package's. */
const version = typeof ACTION_VERSION === 'string' ? ACTION_VERSION : undefined;

export interface ActionLog {
  info(text: string): void;
  warning(text: string): void;
  /** Raw lines for the runner (workflow commands: the annotations). */
  command(text: string): void;
}

export interface ActionResult {
  outputs: Record<string, string>;
  /** Why the check fails, when it does. */
  failure?: string;
}

function gate(report: LintReport, failOn: ActionInputs['failOn']): { failure?: string; text: string } {
  const { errors, warnings } = report.summary;
  if (failOn === 'never') return { text: 'the gate is off: fail-on never' };
  if (errors > 0)
    return {
      failure: `altwise: ${errors} error-level alt text finding${errors === 1 ? '' : 's'} on changed lines`,
      text: 'the check fails on errors',
    };
  if (failOn === 'warning' && warnings > 0)
    return {
      failure: `altwise: ${warnings} alt text warning${warnings === 1 ? '' : 's'} on changed lines (fail-on: warning)`,
      text: 'the check fails on warnings',
    };
  return { text: `the check passes (fail-on: ${failOn})` };
}

async function pullFiles(octokit: GitHubClient, context: GitHubContext): Promise<PullFile[]> {
  const pull = context.pullRequest!;
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
    owner: context.owner,
    repo: context.repo,
    pull_number: pull.number,
    per_page: 100,
  });
  return files.map((file) => ({
    filename: file.filename,
    status: file.status,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
  }));
}

/** `pacing` is GitHub's (tests shrink its seconds so that waits GitHub asks for stay short). */
export async function runAction(
  env: NodeJS.ProcessEnv,
  log: ActionLog,
  pacing: Pacing = GITHUB_PACING,
): Promise<ActionResult> {
  const checkout = readContext(env);
  // Everything below reads the head commit's files, wherever they are.
  const head = checkout.pullRequest
    ? checkoutHead(checkout.workspace, checkout.pullRequest.headSha)
    : { dir: checkout.workspace, remove: () => undefined };
  try {
    if (head.note) log.info(head.note);
    return await runOnHead({ ...checkout, workspace: head.dir }, env, log, pacing);
  } finally {
    head.remove();
  }
}

async function runOnHead(
  context: GitHubContext,
  env: NodeJS.ProcessEnv,
  log: ActionLog,
  pacing: Pacing,
): Promise<ActionResult> {
  const inputs = readInputs(env, context.workspace);
  const octokit = githubClient(
    { token: inputs.githubToken, baseUrl: context.apiUrl, warn: log.warning },
    pacing,
  );
  const fork = context.pullRequest?.fromFork;
  if (fork)
    log.info(
      `altwise: the pull request comes from the fork ${fork}, whose workflow GitHub gives a read-only token: no review and no code scanning upload are attempted (SARIF findings come as annotations); the gate still judges`,
    );
  const config = loadLintConfig(inputs.config, context.workspace);

  let diff: PullRequestDiff | undefined;
  let patterns = ['**/*'];
  if (context.pullRequest) {
    diff = new PullRequestDiff(context.workspace, await pullFiles(octokit, context));
    // A changed path is linted only when it is a file of a kind lint reads, really inside the checkout.
    const changed = [...diff.files.keys()].filter((file) => {
      const absolute = path.resolve(context.workspace, file);
      return (
        FILLABLE_EXTENSIONS.includes(path.extname(file).toLowerCase()) &&
        isInside(absolute, [context.workspace]) &&
        fs.existsSync(absolute)
      );
    });
    patterns = changed.map(escapePath);
    log.info(
      `altwise: ${changed.length} changed file${changed.length === 1 ? '' : 's'} to lint in pull request #${context.pullRequest.number}`,
    );
  }
  const lintOptions = { cwd: context.workspace, config, language: inputs.language, changed: diff };
  const report: LintReport =
    patterns.length > 0
      ? await lintFiles({ ...lintOptions, patterns })
      : { version: 1, findings: [], summary: { files: 0, images: 0, errors: 0, warnings: 0, suppressed: 0 } };
  const verdict = gate(report, inputs.failOn);
  log.info(
    `altwise: ${report.summary.images} images in ${report.summary.files} files; on changed lines ${report.summary.errors} errors, ${report.summary.warnings} warnings; ${verdict.text}`,
  );

  const outputs: Record<string, string> = {
    errors: String(report.summary.errors),
    warnings: String(report.summary.warnings),
    suggestions: '0',
    drafts: '0',
    uncertain: '0',
  };
  let annotate = inputs.report === 'annotations';
  if (inputs.report === 'sarif' && fork) annotate = true;
  else if (inputs.report === 'sarif') {
    const sarif = addLineHashes(
      sarifLog(report, { cwd: context.workspace, rules: config.rules, version }),
      context.workspace,
    );
    const upload = await uploadSarif(octokit, context, sarif, pacing);
    if (upload.id) outputs['sarif-id'] = upload.id;
    if (upload.uploaded)
      log.info(
        `altwise: SARIF uploaded to code scanning (${upload.id}${upload.status === 'pending' ? ', still processing' : ', processed'})`,
      );
    else {
      // The findings still show, on the changed lines, and the gate below still judges.
      log.warning(`altwise: ${upload.reason}; the findings are shown as annotations instead`);
      annotate = true;
    }
  }
  if (annotate) {
    const annotations = githubFormat(report);
    if (annotations) log.command(annotations);
  }

  if (context.pullRequest && diff && inputs.altwiseApiKey && inputs.altwiseUrl && fork) {
    log.info("altwise: no alt text is suggested on a fork's pull request (its token cannot post a review)");
  } else if (context.pullRequest && diff && inputs.altwiseApiKey && inputs.altwiseUrl) {
    const files: SourceFile[] = [];
    for (const file of new Set(report.findings.map((finding) => finding.file))) {
      const absolute = path.join(context.workspace, file);
      const source = fs.readFileSync(absolute, 'utf8');
      files.push({ relative: file, source, images: lintSource(absolute, file, source, lintOptions) });
    }
    const client = new Altwise({ apiKey: inputs.altwiseApiKey, baseUrl: inputs.altwiseUrl });
    const run = await proposeAltText(files, client, {
      workspace: context.workspace,
      root: inputs.root,
      language: inputs.language,
      concurrency: inputs.concurrency,
      verify: inputs.verify,
    });
    const placed = run.lines.filter((line) => diff.commentable(line.file, line.startLine, line.endLine));
    const unplaced = run.lines.filter((line) => !placed.includes(line));
    for (const item of run.notSuggested)
      log.warning(`altwise: no suggestion for ${item.file}:${item.line} ${item.src}: ${item.reason}`);
    const body = reviewBody({
      report,
      gate: verdict.text,
      commented: placed,
      unplaced,
      notSuggested: run.notSuggested,
    });
    const wanted = placed.map((line) => ({
      path: line.file,
      line: line.endLine,
      ...(line.startLine < line.endLine ? { startLine: line.startLine } : {}),
      body: commentBody(line),
    }));
    try {
      const synced = await syncReview(
        octokit,
        {
          owner: context.owner,
          repo: context.repo,
          pullNumber: context.pullRequest.number,
          headSha: context.pullRequest.headSha,
        },
        wanted,
        body,
        unplaced.length > 0,
      );
      if (synced.reviewId !== undefined) outputs['review-id'] = String(synced.reviewId);
      log.info(
        `altwise: review ${synced.reviewId ?? '(none)'}: ${synced.created} comments posted, ${synced.updated} updated, ${synced.deleted} deleted`,
      );
    } catch (error) {
      // The findings above still stand, and so does the gate: the review is only what could not be posted.
      const status = (error as { status?: number }).status;
      const why = isRateLimit(error)
        ? "GitHub's rate limit held after the retries; a re-run posts it"
        : status === 403 || status === 404
          ? 'the token may not write to the pull request: the workflow needs "permissions: pull-requests: write"'
          : 'GitHub refused it';
      log.warning(
        `altwise: could not post the review (${status ?? 'error'}: ${(error as Error).message}): ${why}`,
      );
    }
    const count = (kind: (line: LineProposal) => boolean) =>
      placed
        .concat(unplaced)
        .filter(kind)
        .reduce((sum, line) => sum + line.proposals.length, 0);
    outputs.suggestions = String(count((line) => !line.draft && !line.uncertain));
    outputs.drafts = String(count((line) => line.draft));
    outputs.uncertain = String(count((line) => line.uncertain && !line.draft));
  } else if (context.pullRequest && !inputs.altwiseApiKey) {
    log.info('altwise: no altwise-api-key, so no alt text is suggested (lint and the gate need none)');
  }
  return { outputs, failure: verdict.failure };
}
