// A loopback fake of the GitHub REST endpoints the Altwise GitHub Action calls: a pull request's
// files, its reviews and review comments (create, update, delete), and the code scanning SARIF upload.
// It answers as GitHub does where the action depends on it: a review comment must sit on a line of
// the diff's hunks (else 422 and no review), a submitted review's comments cannot be added to, a
// comment on a line a later push changed is outdated (line null), every call needs the token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface FakePullFile {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  /** The file's unified diff hunks, as `git diff` writes them after the file headers. */
  patch?: string;
}

export interface FakeReview {
  id: number;
  body: string;
  state: 'COMMENTED';
  commit_id: string;
  user: { login: string; type: 'Bot' };
}

export interface FakeReviewComment {
  id: number;
  pull_request_review_id: number;
  path: string;
  line: number | null;
  original_line: number;
  start_line: number | null;
  side: 'RIGHT';
  body: string;
  commit_id: string;
  user: { login: string; type: 'Bot' };
}

export interface FakeGitHubCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
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

/** Head-side lines of each hunk (context included): the lines GitHub lets a comment sit on. */
export function hunkLines(patch: string | undefined): Set<number> {
  const lines = new Set<number>();
  if (!patch) return lines;
  let line = 0;
  let inHunk = false;
  for (const text of patch.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      line = Number(header[1]);
      inHunk = true;
    } else if (inHunk && (text.startsWith('+') || text.startsWith(' '))) {
      lines.add(line);
      line += 1;
    }
  }
  return lines;
}

export async function startFakeGitHub(options: {
  owner: string;
  repo: string;
  pullNumber: number;
  token?: string;
  perPage?: number;
}): Promise<FakeGitHub> {
  const token = options.token ?? 'ghs_fake_token';
  const bot = { login: 'github-actions[bot]', type: 'Bot' as const };
  let files: FakePullFile[] = [];
  let headSha = '';
  let nextId = 1000;
  const failures: FakeGitHubFailure[] = [];
  let sarifPolls = 0;
  const fake: FakeGitHub = {
    url: '',
    token,
    calls: [],
    reviews: [],
    comments: [],
    sarifs: [],
    sarifProcessing: [{ processing_status: 'complete' }],
    fail(failure) {
      failures.push({ ...failure });
    },
    setPull(newFiles, newHead) {
      // Only what the fake can know: a comment whose line is no longer in the new diff is outdated.
      for (const comment of fake.comments) {
        const file = newFiles.find((candidate) => candidate.filename === comment.path);
        if (comment.line !== null && (!file || !hunkLines(file.patch).has(comment.line))) comment.line = null;
      }
      files = newFiles;
      headSha = newHead;
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
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      fake.calls.push({
        method: request.method ?? '',
        path: url.pathname,
        body,
        authorization: request.headers.authorization,
      });
      const json = (status: number, value?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(value === undefined ? '' : JSON.stringify(value));
      };
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
        return json(401, { message: 'Bad credentials' });
      }
      const method = request.method;
      const pathname = url.pathname;
      const failure = failures.find(
        (candidate) => candidate.times > 0 && candidate.method === method && candidate.path.test(pathname),
      );
      if (failure) {
        failure.times -= 1;
        return json(
          failure.status,
          { message: failure.message, documentation_url: 'https://docs.github.com/rest' },
          failure.headers,
        );
      }
      if (method === 'GET' && pathname === `${pullBase}/files`)
        return page(files.map((file) => ({ sha: 'x', additions: 0, deletions: 0, changes: 0, ...file })));
      if (method === 'GET' && pathname === `${pullBase}/reviews`) return page(fake.reviews);
      if (method === 'GET' && pathname === `${pullBase}/comments`) return page(fake.comments);
      if (method === 'POST' && pathname === `${pullBase}/reviews`) {
        const wanted = (body?.comments ?? []) as Array<{
          path: string;
          line: number;
          start_line?: number;
          side?: string;
          body: string;
        }>;
        for (const comment of wanted) {
          const lines = hunkLines(files.find((file) => file.filename === comment.path)?.patch);
          const first = comment.start_line ?? comment.line;
          for (let line = first; line <= comment.line; line += 1) {
            if (!lines.has(line))
              return json(422, { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] });
          }
        }
        const review: FakeReview = {
          id: nextId++,
          body: String(body?.body ?? ''),
          state: 'COMMENTED',
          commit_id: String(body?.commit_id ?? headSha),
          user: bot,
        };
        fake.reviews.push(review);
        for (const comment of wanted) {
          fake.comments.push({
            id: nextId++,
            pull_request_review_id: review.id,
            path: comment.path,
            line: comment.line,
            original_line: comment.line,
            start_line: comment.start_line ?? null,
            side: 'RIGHT',
            body: comment.body,
            commit_id: review.commit_id,
            user: bot,
          });
        }
        return json(200, review);
      }
      const reviewMatch = new RegExp(`^${pullBase}/reviews/(\\d+)$`).exec(pathname);
      if (method === 'PUT' && reviewMatch) {
        const review = fake.reviews.find((candidate) => candidate.id === Number(reviewMatch[1]));
        if (!review) return json(404, { message: 'Not Found' });
        review.body = String(body?.body ?? '');
        return json(200, review);
      }
      if (pathname.startsWith(commentBase)) {
        const id = Number(pathname.slice(commentBase.length));
        const index = fake.comments.findIndex((comment) => comment.id === id);
        if (index < 0) return json(404, { message: 'Not Found' });
        if (method === 'PATCH') {
          fake.comments[index]!.body = String(body?.body ?? '');
          return json(200, fake.comments[index]);
        }
        if (method === 'DELETE') {
          fake.comments.splice(index, 1);
          return json(204);
        }
      }
      if (method === 'POST' && pathname === `/repos/${options.owner}/${options.repo}/code-scanning/sarifs`) {
        const upload = body as {
          commit_sha: string;
          ref: string;
          sarif: string;
          tool_name?: string;
          checkout_uri?: string;
        };
        // GitHub's description: commit_sha is 40 hex digits, ref is refs/heads/<branch> or refs/pull/<number>/(head|merge).
        if (
          !/^[0-9a-fA-F]{40}$/.test(String(upload.commit_sha)) ||
          !/^refs\/(heads|tags|pull)\/\S+$/.test(String(upload.ref))
        )
          return json(422, { message: 'Invalid request.', errors: ['commit_sha or ref is not valid'] });
        const sarif = JSON.parse(gunzipSync(Buffer.from(upload.sarif, 'base64')).toString('utf8')) as unknown;
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
      json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
