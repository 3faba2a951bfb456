// Code scanning takes SARIF gzipped and base64-encoded, for one commit and ref
// (POST /repos/{owner}/{repo}/code-scanning/sarifs; the workflow needs `security-events: write`). GitHub
// answers 202 with an id and processes the analysis afterwards, so the upload is polled (a bounded
// number of times) until it is complete or failed. Nothing here throws: a refused upload (403 on a
// fork's pull request or without code scanning, any other error) or a rejected analysis comes back as
// a reason, and the caller shows the findings as annotations instead.
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { GitHubContext } from './github-context';
import type { GitHubClient, Pacing } from './github-client';
import { GITHUB_PACING, isRateLimit } from './github-client';

/** Polls of the upload's status, this many seconds apart, before the action stops waiting. */
export const SARIF_POLLS = 10;
export const SARIF_POLL_SECONDS = 3;

export type SarifOutcome =
  | { uploaded: true; id: string; status: 'complete' | 'pending' }
  | { uploaded: false; id?: string; reason: string };

const errorText = (error: unknown) => {
  const status = (error as { status?: number }).status;
  return `${status ?? 'error'}: ${(error as Error).message}`;
};

export async function uploadSarif(
  octokit: GitHubClient,
  context: GitHubContext,
  sarif: unknown,
  pacing: Pacing = GITHUB_PACING,
): Promise<SarifOutcome> {
  let id: string | undefined;
  try {
    const { data } = await octokit.rest.codeScanning.uploadSarif({
      owner: context.owner,
      repo: context.repo,
      commit_sha: context.sha,
      ref: context.ref,
      sarif: gzipSync(Buffer.from(JSON.stringify(sarif))).toString('base64'),
      checkout_uri: pathToFileURL(context.workspace).href,
      tool_name: 'altwise',
    });
    id = data.id;
  } catch (error) {
    const status = (error as { status?: number }).status;
    const why = isRateLimit(error)
      ? "GitHub's rate limit"
      : status === 403 || status === 404
        ? 'the token may not upload to code scanning: the workflow needs "security-events: write", and the repository needs code scanning (GitHub Advanced Security on a private repository)'
        : 'GitHub refused it';
    return { uploaded: false, reason: `the SARIF upload failed (${errorText(error)}): ${why}` };
  }
  if (!id) return { uploaded: false, reason: 'the SARIF upload answered no id' };

  for (let poll = 0; poll < SARIF_POLLS; poll += 1) {
    try {
      const { data } = await octokit.rest.codeScanning.getSarif({
        owner: context.owner,
        repo: context.repo,
        sarif_id: id,
      });
      if (data.processing_status === 'complete') return { uploaded: true, id, status: 'complete' };
      if (data.processing_status === 'failed')
        return {
          uploaded: false,
          id,
          reason: `code scanning rejected the analysis ${id}: ${(data.errors ?? []).join('; ') || 'no reason given'}`,
        };
    } catch {
      // The upload itself went through; only its status is unknown.
      return { uploaded: true, id, status: 'pending' };
    }
    await new Promise((resolve) => setTimeout(resolve, SARIF_POLL_SECONDS * pacing.secondMs));
  }
  return { uploaded: true, id, status: 'pending' };
}
