// The objects the fake GitHub answers with, whole as GitHub sends them and typed by GitHub's published
// description (@octokit/openapi-types): a field GitHub always sends and the fake forgot fails the
// typecheck, and the contract check validates the same objects against the JSON description at run time.
import type { components } from '@octokit/openapi-types';

export type GitHubDiffEntry = components['schemas']['diff-entry'];
export type GitHubReview = components['schemas']['pull-request-review'];
/**
 * A review comment as GitHub answers it. One departure from the description, as GitHub behaves: `line`
 * and `position` are null once a push outdated the comment (the description types both plain integers).
 */
export type GitHubReviewComment = Omit<
  components['schemas']['pull-request-review-comment'],
  'line' | 'position'
> & {
  line: number | null;
  position: number | null;
};
type User = components['schemas']['simple-user'];

/** github-actions[bot], the GITHUB_TOKEN's author, as GitHub describes it. */
export function actionsBot(): User {
  const api = 'https://api.github.com/users/github-actions%5Bbot%5D';
  return {
    login: 'github-actions[bot]',
    id: 41898282,
    node_id: 'MDM6Qm90NDE4OTgyODI=',
    avatar_url: 'https://avatars.githubusercontent.com/in/15368?v=4',
    gravatar_id: '',
    url: api,
    html_url: 'https://github.com/apps/github-actions',
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'Bot',
    site_admin: false,
  };
}

export interface PullCoordinates {
  apiUrl: string;
  owner: string;
  repo: string;
  pullNumber: number;
}

const nodeId = (kind: string, id: number) => Buffer.from(`${kind}${id}`).toString('base64');

export function diffEntry(
  pull: PullCoordinates,
  file: { filename: string; status: GitHubDiffEntry['status']; patch?: string },
  headSha: string,
): GitHubDiffEntry {
  const lines = (file.patch ?? '').split('\n');
  const additions = lines.filter((line) => line.startsWith('+')).length;
  const deletions = lines.filter((line) => line.startsWith('-')).length;
  const web = `https://github.com/${pull.owner}/${pull.repo}`;
  return {
    sha: Buffer.from(file.filename).toString('hex').padEnd(40, '0').slice(0, 40),
    filename: file.filename,
    status: file.status,
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `${web}/blob/${headSha}/${encodeURI(file.filename)}`,
    raw_url: `${web}/raw/${headSha}/${encodeURI(file.filename)}`,
    contents_url: `${pull.apiUrl}/repos/${pull.owner}/${pull.repo}/contents/${encodeURI(file.filename)}?ref=${headSha}`,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
  };
}

export function review(pull: PullCoordinates, id: number, body: string, commitId: string): GitHubReview {
  const html = `https://github.com/${pull.owner}/${pull.repo}/pull/${pull.pullNumber}#pullrequestreview-${id}`;
  const pullUrl = `${pull.apiUrl}/repos/${pull.owner}/${pull.repo}/pulls/${pull.pullNumber}`;
  return {
    id,
    node_id: nodeId('PRR_', id),
    user: actionsBot(),
    body,
    state: 'COMMENTED',
    html_url: html,
    pull_request_url: pullUrl,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    submitted_at: new Date().toISOString(),
    commit_id: commitId,
    author_association: 'NONE',
  };
}

export function reviewComment(
  pull: PullCoordinates,
  fields: {
    id: number;
    reviewId: number;
    path: string;
    line: number;
    startLine: number | null;
    body: string;
    commitId: string;
    /** The file's patch at commitId: diff_hunk is its text up to the commented line. */
    patch: string;
    position: number | null;
  },
): GitHubReviewComment {
  const pullUrl = `${pull.apiUrl}/repos/${pull.owner}/${pull.repo}/pulls/${pull.pullNumber}`;
  const self = `${pull.apiUrl}/repos/${pull.owner}/${pull.repo}/pulls/comments/${fields.id}`;
  const html = `https://github.com/${pull.owner}/${pull.repo}/pull/${pull.pullNumber}#discussion_r${fields.id}`;
  const now = new Date().toISOString();
  const hunkLines = fields.patch.split('\n');
  return {
    url: self,
    pull_request_review_id: fields.reviewId,
    id: fields.id,
    node_id: nodeId('PRRC_', fields.id),
    diff_hunk: hunkLines
      .slice(0, fields.position === null ? hunkLines.length : fields.position + 1)
      .join('\n'),
    path: fields.path,
    position: fields.position,
    original_position: fields.position ?? 1,
    commit_id: fields.commitId,
    original_commit_id: fields.commitId,
    user: actionsBot(),
    body: fields.body,
    created_at: now,
    updated_at: now,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: 'NONE',
    _links: { self: { href: self }, html: { href: html }, pull_request: { href: pullUrl } },
    side: 'RIGHT',
    start_side: fields.startLine === null ? null : 'RIGHT',
    line: fields.line,
    original_line: fields.line,
    start_line: fields.startLine,
    original_start_line: fields.startLine,
    subject_type: 'line',
  };
}
