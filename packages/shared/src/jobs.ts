import { z } from 'zod';
import { altTextResultSchema, generationOptionsSchema, imagePurposeSchema } from './alt-text';

/** Most items in one bulk job (JSON items or CSV rows). */
export const MAX_JOB_ITEMS = 10_000;
/**
 * CSV uploads (docs/bulk-jobs.md): most columns in any row, longest cell in characters (an
 * image_url cell may be as long as an image URL may be), and most bytes of cells one job carries
 * through to its export (what is stored per item). Past any of them the upload is refused (400).
 */
export const MAX_CSV_COLUMNS = 50;
export const MAX_CSV_CELL_LENGTH = 2_000;
export const MAX_IMAGE_URL_LENGTH = 2_048;
export const MAX_JOB_CARRIED_BYTES = 5 * 1024 * 1024;
/** An item is tried at most this many times when it fails on our side or the provider's. */
export const MAX_JOB_ITEM_ATTEMPTS = 3;

export const JOB_FORBIDDEN_MESSAGE =
  'Bulk jobs are not available on the Free plan. Upgrade to Pro to process images in bulk.';

const httpUrl = z
  .string({ message: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(2048, 'Image URL is too long')
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
    message: 'Image URL must be an http or https address',
  });

/** One image of a job: its URL, optional context and purpose, and the caller's own id, carried through. */
export const jobItemInputSchema = z.object({
  imageUrl: httpUrl,
  context: z.string().trim().max(2000, 'Context must be at most 2000 characters').optional(),
  id: z.string().max(200, 'id must be at most 200 characters').optional(),
  purpose: imagePurposeSchema.optional(),
});
export type JobItemInput = z.infer<typeof jobItemInputSchema>;

/**
 * How a job's items reach the model: `standard` (live calls, results as they come) or `economy`
 * (the provider's batch API: about half the cost, results within 24 hours). A provider without a
 * batch API runs an economy job as a standard one, and the job says so (`effectiveMode`, `modeNote`).
 */
export const jobModeSchema = z.enum(['standard', 'economy'], { message: 'mode must be standard or economy' });
export type JobMode = z.infer<typeof jobModeSchema>;
/** The new-job screen's words for economy mode (docs/bulk-jobs.md "Economy mode"). */
export const ECONOMY_MODE_HINT = 'about half the cost, results within 24 hours';

/** GET /v1/jobs/modes: whether economy mode runs as such on this server, said before a job starts. */
export const jobModesSchema = z.object({
  economy: z
    .object({
      available: z.boolean().describe("True when the AI provider's batch API is used; false: an economy job runs as a standard one"),
      note: z.string().describe('What an economy job gets here, in a sentence (the same words as a job\'s modeNote)'),
    })
    .describe('How a job asked in economy mode runs on this server'),
});
export type JobModes = z.infer<typeof jobModesSchema>;

export const JOB_NAME_MAX_LENGTH = 120;
/**
 * A job's name, as its owner tells jobs apart ("products.csv", "summer-photos"): trimmed, one line,
 * no control characters. Without one a job is named by its source (the CSV's or zip's file name,
 * the folder, the images' site).
 */
export const jobNameSchema = z
  .string({ message: 'Enter a name for the job' })
  .trim()
  .min(1, 'Enter a name for the job')
  .max(JOB_NAME_MAX_LENGTH, `The name can be at most ${JOB_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'The name cannot contain control characters');

export const jobOptionsSchema = generationOptionsSchema.pick({ language: true, maxLength: true, verify: true, samples: true }).extend({
  webhookUrl: httpUrl.optional(),
  mode: jobModeSchema.optional(),
  /** The job's name; without it the job is named by its source. */
  name: jobNameSchema.optional(),
});

/** PATCH /v1/jobs/{id}: what the owner may change of a job (its name). */
export const jobUpdateRequestSchema = z.object({ name: jobNameSchema });
export type JobUpdateRequest = z.infer<typeof jobUpdateRequestSchema>;

/**
 * JSON body of POST /v1/jobs. Items are checked one by one by the server (a bad row is reported,
 * not fatal), so the array itself only has to be an array of the right size.
 */
export const createJobRequestSchema = jobOptionsSchema.extend({
  items: z
    .array(z.unknown(), { message: 'items must be an array of { imageUrl, context?, id?, purpose? }' })
    .min(1, 'Add at least one item')
    .max(MAX_JOB_ITEMS, `At most ${MAX_JOB_ITEMS.toLocaleString('en-US')} items per job`),
});
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;

/**
 * JSON body of POST /v1/jobs/estimate: the items of POST /v1/jobs, or only how many images a job of
 * uploaded files would have (`images`), so a folder or a zip is estimated before it is sent;
 * identical files are then not known yet, and the estimate says so (`deduplicated: false`).
 */
export const jobEstimateRequestSchema = jobOptionsSchema
  .extend({
    items: createJobRequestSchema.shape.items.optional(),
    images: z
      .number({ message: 'images must be a whole number' })
      .int('images must be a whole number')
      .min(1, 'images must be at least 1')
      .max(MAX_JOB_ITEMS, `At most ${MAX_JOB_ITEMS.toLocaleString('en-US')} images per job`)
      .optional()
      .describe('How many image files the job would have (a folder or a zip not sent yet), instead of items'),
  })
  .refine((body) => (body.items === undefined) !== (body.images === undefined), { message: 'Give either items or images', path: ['items'] });
export type JobEstimateRequest = z.input<typeof jobEstimateRequestSchema>;

export const jobStatusSchema = z.enum(['queued', 'running', 'completed', 'cancelled', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const rowErrorSchema = z.object({
  /** 1-based: the item's position in `items`, or the CSV line (the header is line 1). */
  row: z.number().int(),
  reason: z.string(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

/** GET /api/v1/jobs/uploads/{session}: the places (from 0) of the files a resumable upload has stored, and not yet made a job of. */
export const uploadSessionSchema = z.object({ stored: z.array(z.number().int()) });
export type UploadSession = z.infer<typeof uploadSessionSchema>;

/** POST /api/v1/jobs/uploads/{session}/files: the piece's files stored (or stored before), and those refused. */
export const uploadPieceSchema = z.object({ received: z.number().int(), rowErrors: z.array(rowErrorSchema) });
export type UploadPiece = z.infer<typeof uploadPieceSchema>;

export const jobCountsSchema = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  cancelled: z.number().int(),
  /** Rows refused when the job was created (listed in `rowErrors`): never described, never charged. */
  skipped: z.number().int(),
});

/**
 * What a job will use before it starts, and whether the account's quota holds it. The same figures
 * are answered by POST /v1/jobs/estimate (nothing created) and carried on every job as `estimate`.
 */
export const jobEstimateSchema = z.object({
  /**
   * Requests the job will use (the quota's unit, as the plans' "requests per hour" count them): one per
   * distinct image where that is known, else one per item; with verify, times the readings per image.
   */
  units: z.number().int().describe("Requests the job will use, as the plan's hourly and daily limits count them: one per distinct image where known, else one per item; with verify, times the readings per image"),
  /** Readings per image (verify's `samples`; 1 without verify): what `units` was multiplied by (one request per reading). */
  readingsPerImage: z.number().int().min(1).optional(),
  /** True when `units` already counts identical images once (uploaded files, repeated URLs). */
  deduplicated: z.boolean(),
  /** Requests the account has left now in its hourly and daily windows; null where the plan has no limit. */
  remaining: z.object({ hourly: z.number().int().nullable(), daily: z.number().int().nullable() }),
  /** When the job would finish at the plan's limits alone (model speed not counted); null when the limits do not bind. */
  finishesAt: z.string().nullable(),
  /** How `finishesAt` was worked out, in one sentence a person can check. */
  basis: z.string(),
});
export type JobEstimate = z.infer<typeof jobEstimateSchema>;

export const jobSchema = z.object({
  id: z.string(),
  /** Given at creation or by the owner since (PATCH), else its source's: the CSV's or zip's file name, the folder, the images' site. */
  name: z.string(),
  status: jobStatusSchema,
  total: z.number().int(),
  counts: jobCountsSchema,
  language: z.string().optional(),
  maxLength: z.number().int().optional(),
  /** Readings per image with verify (2–5); absent without verify. */
  samples: z.number().int().optional(),
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Seconds until the pending items are done at the pace so far; null unless running. */
  etaSeconds: z.number().int().nullable(),
  /** Set while the account's quota is used up: the job continues at this time. */
  waitingForQuotaUntil: z.string().nullable(),
  /** Rows that were not accepted (the rest of the job runs). */
  rowErrors: z.array(rowErrorSchema),
  /** Distinct images among the items as far as known (identical bytes are described, charged and reviewed once); null until known. */
  distinctImages: z.number().int().nullable(),
  estimate: jobEstimateSchema,
  /** The mode asked for (default standard). */
  mode: jobModeSchema,
  /** The mode the job runs in: standard when the provider has no batch API. */
  effectiveMode: jobModeSchema,
  /** Why the job runs in another mode than asked, or what economy mode means for it; null for standard. */
  modeNote: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const jobListResponseSchema = z.object({ items: z.array(jobSchema), nextCursor: z.string().nullable() });

export const jobItemStatusSchema = z.enum(['pending', 'succeeded', 'failed', 'cancelled']);
export const reviewStatusSchema = z.enum(['approved', 'rejected']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** Filters of the results: an item status, a review verdict, or `needs_review` (succeeded, unreviewed). */
export const jobResultsFilterSchema = z.enum(['pending', 'succeeded', 'failed', 'cancelled', 'approved', 'rejected', 'needs_review']);

export const jobResultsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().regex(/^\d{1,6}$/, 'Invalid cursor').optional(),
  status: jobResultsFilterSchema.optional(),
});
export const jobExportQuerySchema = z.object({ status: jobResultsFilterSchema.optional() });

/** A job item's result: a generation's result without its per-request fields (URL, tries, time). */
export const jobItemResultSchema = altTextResultSchema.pick({
  altText: true,
  longDescription: true,
  isDecorative: true,
  containsText: true,
  textInImage: true,
  wcagCompliant: true,
  verification: true,
  verificationReason: true,
  uncertainText: true,
  issues: true,
  provider: true,
  model: true,
  cached: true,
  processingTime: true,
  usage: true,
  samples: true,
  agreement: true,
  claims: true,
  uncertain: true,
});

export const jobItemSchema = z.object({
  /** Stable within the job: the item's position, as a string. */
  id: z.string(),
  /** The image's address; null for an uploaded file (see `path`). */
  imageUrl: z.string().nullable(),
  /** An uploaded file's path relative to the folder or zip it came from; null for a URL item. */
  path: z.string().nullable(),
  /** The item whose description this one shares (same image bytes in this job); null for the first of its kind. */
  duplicateOf: z.string().nullable(),
  context: z.string().nullable(),
  /** The `id` the caller gave the item, if any. */
  clientId: z.string().nullable(),
  /** Extra CSV columns, carried through as given. */
  columns: z.record(z.string(), z.string()),
  /** The link or button the image is the only content of, as given with the item. */
  purpose: imagePurposeSchema.optional(),
  /** The language this item is described in when it is not the job's (a site monitor's fix job: its page's `lang`). */
  language: z.string().optional(),
  status: jobItemStatusSchema,
  review: reviewStatusSchema.nullable(),
  attempts: z.number().int(),
  result: jobItemResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  finishedAt: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

export const jobResultsResponseSchema = z.object({ items: z.array(jobItemSchema), nextCursor: z.string().nullable() });

export const reviewRequestSchema = z.object({
  altText: z.string().trim().min(1, 'Alt text cannot be empty').max(5000).optional(),
  status: reviewStatusSchema,
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** The signing secret, in the one answer that shows it (POST /v1/webhooks/secret). */
export const webhookSecretSchema = z.object({ secret: z.string(), createdAt: z.string() });
export const webhookSecretStatusSchema = z.object({
  configured: z.boolean(),
  createdAt: z.string().nullable(),
  /** Where jobs created without a `webhookUrl` send their events (null: nowhere). */
  defaultUrl: z.string().nullable(),
});
/** PUT /v1/webhooks/default: the account's default webhook URL; null clears it. */
export const webhookDefaultUpdateSchema = z.object({ url: httpUrl.nullable() });
export type WebhookDefaultUpdate = z.infer<typeof webhookDefaultUpdateSchema>;
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;
export type WebhookSecretStatus = z.infer<typeof webhookSecretStatusSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** A job's own events, then the account events of Settings → "Webhook notifications" (docs/bulk-jobs.md "Webhooks"). */
  event: z.enum(['job.progress', 'job.completed', 'job.failed', 'job.finished', 'account.limit_reached', 'api_key.created', 'api_key.revoked', 'monitor.regressed']),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(z.object({ at: z.string(), status: z.number().int().nullable(), durationMs: z.number(), error: z.string().optional() })),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export const webhookDeliveriesResponseSchema = z.object({ items: z.array(webhookDeliverySchema) });
