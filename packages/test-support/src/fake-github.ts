// A loopback fake of the GitHub REST endpoints the Altwise GitHub Action calls: a pull request's
// files, its reviews and review comments (create, update, delete), and the code scanning SARIF upload.
// It answers as GitHub does where the action depends on it: every request is checked against GitHub's
// published REST description (github-description.ts) and refused with 422 when GitHub would refuse it;
// a review comment must sit on a line of the diff's hunks (else 422 and no review) and on a commit of the
// pull request; a comment on a line a later push changed is outdated (line and position null); every
// call needs the token. Its answers are GitHub's whole objects, and are checked against the same
// description: `problems` lists whatever either check found, for the suites to assert empty.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type {
  GitHubDiffEntry,
  GitHubReview,
  GitHubReviewComment,
  PullCoordinates,
} from './fake-github-objects.js';
import { diffEntry, review as reviewObject, reviewComment } from './fake-github-objects.js';
import { headLinePositions, hunkLines, movedLine } from './fake-github-diff.js';
import { checkGitHubRequest, checkGitHubResponse } from './github-description.js';
export { hunkLines } from './fake-github-diff.js';

export interface FakePullFile {
  filename: string;
  status: GitHubDiffEntry['status'];
  /** The file's unified diff hunks, as `git diff` writes them after the file headers. */
  patch?: string;
}

export type FakeReview = GitHubReview;
export type FakeReviewComment = GitHubReviewComment;

export interface FakeGitHubCall {
  method: string;
  path: string;
  /** The path with its query, as sent. */
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** What GitHub's description finds wrong with the request (then the fake answered 422). */
  requestProblems: string[];
  status?: number;
  /** What GitHub's description finds wrong with the fake's answer: a defect of the fake. */
  responseProblems: string[];
}

/** An answer the fake plays instead of the normal one: GitHub's documented errors and limits. */
export interface FakeGitHubFailure {
  method: string;
  path: RegExp;
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** How many matching calls get it (then the normal answer again). */
  times: number;
}

/** GitHub's words for its secondary rate limit (403 with retry-after), as its REST docs give them. */
export const SECONDARY_RATE_LIMIT =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.';

export interface FakeGitHub {
  /** GITHUB_API_URL for the action. */
  url: string;
  token: string;
  calls: FakeGitHubCall[];
  /** Every request and answer problem of every call so far, each prefixed with its method and path. */
  problems(): string[];
  reviews: FakeReview[];
  comments: FakeReviewComment[];
  /** Decoded SARIF logs uploaded, with the upload's fields. */
  sarifs: Array<{
    commit_sha: string;
    ref: string;
    tool_name?: string;
    checkout_uri?: string;
    sarif: unknown;
  }>;
  /** Plays `failure` for the next `times` calls that match (method and path). */
  fail(failure: FakeGitHubFailure): void;
  /** What GET code-scanning/sarifs/{id} answers, in turn (the last one stays): pending, complete, failed. */
  sarifProcessing: Array<{ processing_status: 'pending' | 'complete' | 'failed'; errors?: string[] }>;
  /** A push: the pull request's files and head change; comments on lines the new diff does not keep become outdated. */
  setPull(files: FakePullFile[], headSha: string): void;
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest';

export async function startFakeGitHub(options: {
  owner: string;
  repo: string;
  pullNumber: number;
  token?: string;
  perPage?: number;
}): Promise<FakeGitHub> {
  const token = options.token ?? 'ghs_fake_token';
  let files: FakePullFile[] = [];
  let headSha = '';
  // Every head the pull request had: GitHub takes a review on any commit of the pull request.
  const heads = new Set<string>();
  let nextId = 1000;
  const failures: FakeGitHubFailure[] = [];
  let sarifPolls = 0;
  const pull: PullCoordinates = {
    apiUrl: '',
    owner: options.owner,
    repo: options.repo,
    pullNumber: options.pullNumber,
  };
  const fake: FakeGitHub = {
    url: '',
    token,
    calls: [],
    problems: () =>
      fake.calls.flatMap((call) =>
        [...call.requestProblems, ...call.responseProblems].map(
          (problem) => `${call.method} ${call.url}: ${problem}`,
        ),
      ),
    reviews: [],
    comments: [],
    sarifs: [],
    sarifProcessing: [{ processing_status: 'complete' }],
    fail(failure) {
      failures.push({ ...failure });
    },
    setPull(newFiles, newHead) {
      // As GitHub does after a push: a comment whose line is unchanged moves with it (lines added above
      // shift it), one whose line changed or left the diff is outdated (line and position null).
      for (const comment of fake.comments) {
        if (comment.line === null) continue;
        const before = files.find((candidate) => candidate.filename === comment.path);
        const after = newFiles.find((candidate) => candidate.filename === comment.path);
        const moved = after && before ? movedLine(before.patch, after.patch, comment.line) : undefined;
        if (moved === undefined) {
          comment.line = null;
          comment.position = null;
          continue;
        }
        const shift = moved - comment.line;
        comment.line = moved;
        if (comment.start_line !== null && comment.start_line !== undefined) comment.start_line += shift;
        comment.position = headLinePositions(after!.patch).get(moved) ?? null;
      }
      files = newFiles;
      headSha = newHead;
      heads.add(newHead);
    },
    close: async () => undefined,
  };
  const pullBase = `/repos/${options.owner}/${options.repo}/pulls/${options.pullNumber}`;
  const commentBase = `/repos/${options.owner}/${options.repo}/pulls/comments/`;

  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? '';
      const pathname = url.pathname;
      let body: Record<string, unknown> | undefined;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const call: FakeGitHubCall = {
        method,
        path: pathname,
        url: request.url ?? '/',
        body,
        authorization: request.headers.authorization,
        requestProblems:
          text && body === undefined
            ? ['the body is not JSON']
            : checkGitHubRequest({ method, url: request.url ?? '/', body }),
        responseProblems: [],
      };
      fake.calls.push(call);
      const json = (status: number, value?: unknown, headers: Record<string, string> = {}) => {
        call.status = status;
        call.responseProblems = checkGitHubResponse({ method, url: call.url, status, body: value });
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(value === undefined ? '' : JSON.stringify(value));
      };
      const refuse = (errors: string[]) =>
        json(422, { message: 'Unprocessable Entity', errors, documentation_url: DOCS, status: '422' });
      const page = <T>(items: T[]) => {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), options.perPage ?? 100);
        const number = Number(url.searchParams.get('page') ?? 1);
        const slice = items.slice((number - 1) * perPage, number * perPage);
        const next =
          number * perPage < items.length
            ? { link: `<${fake.url}${url.pathname}?per_page=${perPage}&page=${number + 1}>; rel="next"` }
            : undefined;
        json(200, slice, next);
      };
      if (
        request.headers.authorization !== `token ${token}` &&
        request.headers.authorization !== `Bearer ${token}`
      ) {
        return json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
      }
      // GitHub refuses an API request without a User-Agent header.
      if (!request.headers['user-agent']) {
        call.requestProblems.push('no User-Agent header');
        return json(403, {
          message:
            'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required).',
          documentation_url: DOCS,
          status: '403',
        });
      }
      const failure = failures.find(
        (candidate) => candidate.times > 0 && candidate.method === method && candidate.path.test(pathname),
      );
      if (failure) {
        failure.times -= 1;
        return json(
          failure.status,
          { message: failure.message, documentation_url: DOCS, status: String(failure.status) },
          failure.headers,
        );
      }
      // GitHub validates a request against its schema before acting on it.
      if (call.requestProblems.length > 0)
        return json(422, {
          message: `Invalid request.\n\n${call.requestProblems.join('\n')}`,
          documentation_url: DOCS,
          status: '422',
        });
      if (method === 'GET' && pathname === `${pullBase}/files`)
        return page(files.map((file) => diffEntry(pull, file, headSha)));
      if (method === 'GET' && pathname === `${pullBase}/reviews`) return page(fake.reviews);
      if (method === 'GET' && pathname === `${pullBase}/comments`) return page(fake.comments);
      if (method === 'POST' && pathname === `${pullBase}/reviews`) {
        const wanted = (body?.comments ?? []) as Array<{
          path: string;
          line: number;
          start_line?: number;
          body: string;
        }>;
        const commitId = typeof body?.commit_id === 'string' ? body.commit_id : headSha;
        if (!heads.has(commitId)) return refuse(['Commit sha is not part of the pull request']);
        for (const comment of wanted) {
          const lines = hunkLines(files.find((file) => file.filename === comment.path)?.patch);
          const first = comment.start_line ?? comment.line;
          for (let line = first; line <= comment.line; line += 1) {
            if (!lines.has(line)) return refuse(['Line could not be resolved']);
          }
        }
        const review = reviewObject(
          pull,
          nextId++,
          typeof body?.body === 'string' ? body.body : '',
          commitId,
        );
        fake.reviews.push(review);
        for (const comment of wanted) {
          const patch = files.find((file) => file.filename === comment.path)?.patch ?? '';
          fake.comments.push(
            reviewComment(pull, {
              id: nextId++,
              reviewId: Number(review.id),
              path: comment.path,
              line: comment.line,
              startLine: comment.start_line ?? null,
              body: comment.body,
              commitId,
              patch,
              position: headLinePositions(patch).get(comment.line) ?? null,
            }),
          );
        }
        return json(200, review);
      }
      const reviewMatch = new RegExp(`^${pullBase}/reviews/(\\d+)$`).exec(pathname);
      if (method === 'PUT' && reviewMatch) {
        const review = fake.reviews.find((candidate) => candidate.id === Number(reviewMatch[1]));
        if (!review) return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
        review.body = String(body?.body ?? '');
        return json(200, review);
      }
      if (pathname.startsWith(commentBase)) {
        const id = Number(pathname.slice(commentBase.length));
        const index = fake.comments.findIndex((comment) => comment.id === id);
        if (index < 0) return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
        if (method === 'PATCH') {
          const comment = fake.comments[index]!;
          comment.body = String(body?.body ?? '');
          comment.updated_at = new Date().toISOString();
          return json(200, comment);
        }
        if (method === 'DELETE') {
          fake.comments.splice(index, 1);
          return json(204);
        }
      }
      if (method === 'POST' && pathname === `/repos/${options.owner}/${options.repo}/code-scanning/sarifs`) {
        // The description already held commit_sha (40 hex digits) and ref (refs/...) to GitHub's patterns.
        const upload = body as {
          commit_sha: string;
          ref: string;
          sarif: string;
          tool_name?: string;
          checkout_uri?: string;
        };
        let sarif: unknown;
        try {
          sarif = JSON.parse(gunzipSync(Buffer.from(upload.sarif, 'base64')).toString('utf8')) as unknown;
        } catch {
          // GitHub: "Bad Request if the sarif field is invalid" (no body described).
          return json(400);
        }
        fake.sarifs.push({
          commit_sha: upload.commit_sha,
          ref: upload.ref,
          tool_name: upload.tool_name,
          checkout_uri: upload.checkout_uri,
          sarif,
        });
        return json(202, {
          id: `sarif-${fake.sarifs.length}`,
          url: `${fake.url}/repos/${options.owner}/${options.repo}/code-scanning/sarifs/sarif-${fake.sarifs.length}`,
        });
      }
      const sarifMatch = new RegExp(
        `^/repos/${options.owner}/${options.repo}/code-scanning/sarifs/(sarif-\\d+)$`,
      ).exec(pathname);
      if (method === 'GET' && sarifMatch) {
        const index = Math.min(sarifPolls, fake.sarifProcessing.length - 1);
        sarifPolls += 1;
        const state = fake.sarifProcessing[index]!;
        return json(200, {
          processing_status: state.processing_status,
          analyses_url: `${fake.url}/repos/${options.owner}/${options.repo}/code-scanning/analyses?sarif_id=${sarifMatch[1]}`,
          errors: state.errors ?? null,
        });
      }
      json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pull.apiUrl = fake.url;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
