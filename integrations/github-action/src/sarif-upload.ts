// Code scanning takes SARIF gzipped and base64-encoded, for one commit and ref
// (POST /repos/{owner}/{repo}/code-scanning/sarifs; the workflow needs `security-events: write`).
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Octokit } from '@octokit/rest';
import type { GitHubContext } from './github-context';

export async function uploadSarif(
  octokit: Octokit,
  context: GitHubContext,
  sarif: unknown,
): Promise<string | undefined> {
  const { data } = await octokit.rest.codeScanning.uploadSarif({
    owner: context.owner,
    repo: context.repo,
    commit_sha: context.sha,
    ref: context.ref,
    sarif: gzipSync(Buffer.from(JSON.stringify(sarif))).toString('base64'),
    checkout_uri: pathToFileURL(context.workspace).href,
    tool_name: 'altwise',
  });
  return data.id;
}
