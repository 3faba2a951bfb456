// One Altwise review per pull request, kept current. A submitted review's comments cannot be added to
// or moved, so a re-run edits its own comments in place where the line is the same, deletes the ones
// no longer wanted (or outdated by a push), and posts only the new ones, in one new review whose
// summary replaces the older review's (which then says it is superseded). Nothing is posted twice.
import type { Octokit } from '@octokit/rest';
import { COMMENT_MARKER, REVIEW_MARKER, SUPERSEDED } from './review-text';

export interface WantedComment {
  path: string;
  line: number;
  startLine?: number;
  body: string;
}

export interface PullTarget {
  owner: string;
  repo: string;
  pullNumber: number;
  headSha: string;
}

export interface SyncResult {
  reviewId?: number;
  created: number;
  updated: number;
  deleted: number;
}

const keyOf = (path: string, startLine: number | null | undefined, line: number) =>
  `${path}\0${startLine ?? line}\0${line}`;

/**
 * The call's answer, or undefined when GitHub answers 404: the comment was deleted (by a person, or a
 * run beside this one) between the list and this call. Any other error stays an error.
 */
async function unlessGone<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

/**
 * Brings the pull request's Altwise review to `wanted` and `body`. With no review yet and nothing to
 * comment on, a review is posted only when `worthPosting` (the summary has something to say).
 */
export async function syncReview(
  octokit: Octokit,
  target: PullTarget,
  wanted: readonly WantedComment[],
  body: string,
  worthPosting: boolean,
): Promise<SyncResult> {
  const base = { owner: target.owner, repo: target.repo, pull_number: target.pullNumber };
  const ownComments = (
    await octokit.paginate(octokit.rest.pulls.listReviewComments, { ...base, per_page: 100 })
  ).filter((comment) => comment.body.startsWith(COMMENT_MARKER));
  const ownReviews = (
    await octokit.paginate(octokit.rest.pulls.listReviews, { ...base, per_page: 100 })
  ).filter((review) => (review.body ?? '').startsWith(REVIEW_MARKER));
  const result: SyncResult = { created: 0, updated: 0, deleted: 0 };

  const existing = new Map<string, (typeof ownComments)[number]>();
  for (const comment of ownComments) {
    // line is null once a push outdated the comment: it no longer points at the code it spoke of.
    const key =
      comment.line == null || comment.side === 'LEFT'
        ? undefined
        : keyOf(comment.path, comment.start_line, comment.line);
    if (key && !existing.has(key)) existing.set(key, comment);
  }
  const toCreate: WantedComment[] = [];
  const matched = new Set<number>();
  for (const comment of wanted) {
    const key = keyOf(comment.path, comment.startLine, comment.line);
    const same = existing.get(key);
    if (!same) {
      toCreate.push(comment);
      continue;
    }
    existing.delete(key);
    matched.add(same.id);
    if (same.body !== comment.body) {
      const edited = await unlessGone(
        octokit.rest.pulls.updateReviewComment({
          owner: target.owner,
          repo: target.repo,
          comment_id: same.id,
          body: comment.body,
        }),
      );
      // Someone deleted it since the list: it is posted again, as a new one would be.
      if (edited) result.updated += 1;
      else toCreate.push(comment);
    }
  }
  // Everything else of ours goes: no longer wanted, outdated by a push, or a duplicate a past run left.
  for (const comment of ownComments) {
    if (matched.has(comment.id)) continue;
    const deleted = await unlessGone(
      octokit.rest.pulls.deleteReviewComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: comment.id,
      }),
    );
    if (deleted) result.deleted += 1;
  }

  const latest = ownReviews.at(-1);
  let current = latest;
  if (toCreate.length > 0 || (!latest && worthPosting)) {
    const { data } = await octokit.rest.pulls.createReview({
      ...base,
      commit_id: target.headSha,
      event: 'COMMENT',
      body,
      comments: toCreate.map((comment) => ({
        path: comment.path,
        line: comment.line,
        side: 'RIGHT',
        ...(comment.startLine !== undefined && comment.startLine < comment.line
          ? { start_line: comment.startLine, start_side: 'RIGHT' }
          : {}),
        body: comment.body,
      })),
    });
    result.created = toCreate.length;
    current = { ...data, body: data.body ?? body } as typeof latest;
  } else if (latest && latest.body !== body) {
    await octokit.rest.pulls.updateReview({ ...base, review_id: latest.id, body });
  }
  for (const review of ownReviews) {
    if (review.id !== current?.id && review.body !== SUPERSEDED)
      await octokit.rest.pulls.updateReview({ ...base, review_id: review.id, body: SUPERSEDED });
  }
  return { ...result, reviewId: current?.id };
}
