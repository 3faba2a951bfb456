import { z } from 'zod';
import { jobItemSchema } from './jobs';

/*
 * Review at any size (issue 23): the review queue shows each group of identical images once (its
 * first item, with how many rows it covers), and bulk actions review many groups in one request
 * with an undo.
 */

/** Most groups one bulk review request changes; past it the answer says how many remain (send it again with its undoToken). */
export const MAX_BULK_REVIEW_GROUPS = 1_000;

/** The review queue's filters: every state an item or its review can be in, and `all`. */
export const reviewFilterSchema = z.enum(['all', 'pending', 'succeeded', 'failed', 'cancelled', 'approved', 'rejected', 'needs_review', 'uncertain']);
export type ReviewFilter = z.infer<typeof reviewFilterSchema>;

export const reviewQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  // `idx`, or `uncertain:idx` when sorted by uncertainty.
  cursor: z.string().regex(/^(?:\d{1,6}:)?\d{1,6}$/, 'Invalid cursor').optional(),
  status: reviewFilterSchema.default('all'),
  /** input (default): input order; uncertainty: items whose readings disagree on the most claims first (verified alt text), then input order. */
  sort: z.enum(['input', 'uncertainty']).default('input'),
});

/** A group of identical images, shown once: its first item, and the rows it stands for (1 when it has no duplicates). */
export const reviewGroupSchema = jobItemSchema.extend({ rows: z.number().int() });
export type ReviewGroup = z.infer<typeof reviewGroupSchema>;
export const reviewQueueResponseSchema = z.object({ items: z.array(reviewGroupSchema), nextCursor: z.string().nullable() });

const filterCounts = z.object(Object.fromEntries(reviewFilterSchema.options.map((name) => [name, z.number().int()])) as Record<ReviewFilter, z.ZodNumber>);
export const reviewCountsSchema = z.object({
  /** Groups (what the queue shows) per filter. */
  groups: filterCounts,
  /** Rows (items, duplicates included) per filter. */
  rows: filterCounts,
  /** Groups needing review that pass the checker (no error-level issue) and are not drafts: what "accept all passing" accepts. */
  passing: z.number().int(),
  /** Groups needing review that are drafts (no vision model saw the image): never accepted in bulk. */
  drafts: z.number().int(),
  /** Groups needing review whose readings disagree on some claim (verified alt text): never accepted in bulk. */
  uncertain: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

const itemIdSchema = z.string().regex(/^\d{1,6}$/, 'Invalid item id');

/**
 * POST /v1/jobs/{id}/reviews: approve or reject the given items (`itemIds`), or every group the
 * `filter` matches (with `passing`, only those that pass the checker). Drafts are never approved in
 * bulk. A duplicate's id stands for its group. `undoToken` continues an earlier action, so that one
 * undo restores every part of it.
 */
export const bulkReviewRequestSchema = z
  .object({
    action: z.enum(['approve', 'reject']),
    itemIds: z.array(itemIdSchema).min(1, 'Select at least one item').max(MAX_BULK_REVIEW_GROUPS, `At most ${MAX_BULK_REVIEW_GROUPS.toLocaleString('en-US')} items per request`).optional(),
    filter: reviewFilterSchema.optional(),
    passing: z.boolean().optional(),
    undoToken: z.string().uuid('Invalid undo token').optional(),
  })
  .refine((body) => (body.itemIds === undefined) !== (body.filter === undefined), { message: 'Give either itemIds or filter', path: ['itemIds'] });
export type BulkReviewRequest = z.input<typeof bulkReviewRequestSchema>;

export const bulkReviewResponseSchema = z.object({
  /** Groups changed by this request. */
  groups: z.number().int(),
  /** Rows changed, duplicates included. */
  updated: z.number().int(),
  /** Selected groups left as they were: not described, already in that state, or drafts (never approved in bulk). */
  skipped: z.number().int(),
  /** Groups the filter still matches beyond this request's limit: send the request again with `undoToken`. */
  remaining: z.number().int(),
  /** Restores every row this action changed (POST /v1/jobs/{id}/reviews/undo). */
  undoToken: z.string(),
});
export type BulkReviewResponse = z.infer<typeof bulkReviewResponseSchema>;

export const undoReviewRequestSchema = z.object({ undoToken: z.string().uuid('Invalid undo token') });
export const undoReviewResponseSchema = z.object({
  /** Rows put back as they were; 0 when already undone, or when each was reviewed again since. */
  restored: z.number().int(),
});
