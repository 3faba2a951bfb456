import { z } from 'zod';
import { VALIDATION } from './messages';
import { uncertainClaimSchema, verifiedClaimSchema, verifyOptionsSchema } from './verify';

export const DEFAULT_MAX_LENGTH = 125;
export const DEFAULT_LANGUAGE = 'en';
export const MAX_BATCH_SIZE = 50;

/** What the API accepts as an image address: an absolute http(s) URL (the web form checks it too). */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

const httpUrlSchema = z
  .string({ message: VALIDATION.imageUrlRequired })
  .trim()
  .min(1, VALIDATION.imageUrlRequired)
  .max(2048, 'Image URL is too long')
  .refine(isHttpUrl, { message: VALIDATION.imageUrlInvalid });

// BCP-47 in its common shapes: en, en-GB, zh-Hant-TW, es-419.
export const languageSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Language must be a BCP-47 tag such as en or fr-CA');

/**
 * The languages the quality checker has word lists for (the engine's LEXICONS, same order; a test
 * there keeps the two equal): the languages the Settings screen offers for alt text.
 */
export const CHECKER_LANGUAGES = [
  ['en', 'English'],
  ['fr', 'French'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['tr', 'Turkish'],
  ['ko', 'Korean'],
  ['ja', 'Japanese'],
  ['zh', 'Chinese'],
  ['ru', 'Russian'],
  ['ar', 'Arabic'],
  ['hi', 'Hindi'],
] as const;

export const MAX_STYLE_KEYWORDS = 6;
export const MAX_STYLE_INSTRUCTIONS = 1000;

/** Up to 6 SEO keywords, each 1–40 characters, trimmed, duplicates (any case) dropped. */
export const styleKeywordsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Keywords cannot be empty')
      .max(40, 'Each keyword must be at most 40 characters'),
  )
  .max(MAX_STYLE_KEYWORDS, `At most ${MAX_STYLE_KEYWORDS} keywords`)
  .transform((keywords) =>
    keywords.filter(
      (keyword, index) =>
        keywords.findIndex((other) => other.toLowerCase() === keyword.toLowerCase()) === index,
    ),
  );

/**
 * Who stands behind a result: `draft` (no vision model looked at the pixels: the offline describer),
 * `model` (a vision model described it), `reviewed` (a person accepted or edited it). Only `model`
 * and `reviewed` results can be called WCAG compliant.
 */
export const verificationSchema = z
  .enum(['draft', 'model', 'reviewed'])
  .describe('draft: no vision model described the pixels; model: a vision model did; reviewed: a person accepted or edited it');
export type Verification = z.infer<typeof verificationSchema>;
/** How every surface labels a draft (the web app, the audit reports, the CLI). */
export const DRAFT_LABEL = 'Draft — no vision model';
/** Why a result is a draft. */
export const verificationReasonSchema = z.enum(['no_vision_model']);
export type VerificationReason = z.infer<typeof verificationReasonSchema>;

/**
 * What an image is for when it is the only content of a link or a button (WCAG G94, F89): its alt
 * text must name the destination or the action, not the picture.
 */
export const imagePurposeSchema = z
  .object({
    kind: z.enum(['link', 'button']),
    /** The link's destination (absolute or relative URL). */
    href: z.string().trim().max(2048).optional(),
    /** The destination's or action's own words: link text, title, aria-label, the target page's title. */
    label: z.string().trim().max(500).optional(),
  })
  .describe('The element the image is the only content of: the alt text names its destination or action');
export type ImagePurpose = z.infer<typeof imagePurposeSchema>;

/** Options that change what the describer writes. Each one, when given, overrides the account's style. */
export const generationOptionsSchema = z.object({
  context: z.string().trim().max(2000, 'Context must be at most 2000 characters').optional(),
  language: languageSchema.optional(),
  maxLength: z.coerce.number().int().min(20).max(1000).optional(),
  /** End the alt text with a period (true) or without one (false). */
  trailingPeriod: z
    .boolean()
    .optional()
    .describe("End the alt text with a period (true) or without (false); overrides the account's style"),
  /** Keywords to weave in only where they truly describe the image. */
  keywords: styleKeywordsSchema
    .optional()
    .describe("Up to 6 keywords, used only where they truly describe the image; overrides the account's"),
  regenerate: z.boolean().optional(),
  purpose: imagePurposeSchema.optional(),
  ...verifyOptionsSchema.shape,
});
export type GenerationOptions = z.infer<typeof generationOptionsSchema>;

/**
 * `"iptc"`: answer the uploaded image itself too, with the alt text and the long description written
 * into its XMP (IPTC Photo Metadata's Alt Text and Extended Description (Accessibility)).
 */
export const embedSchema = z
  .enum(['iptc'])
  .describe(
    'Uploads only (imageData or a multipart file): also answer the same image with the alt text and the long description written into its XMP as IPTC Alt Text (Accessibility) and Extended Description (Accessibility), pixels untouched (JPEG, PNG, WebP)',
  );
/** Appended to the text written into the file's metadata only (never to `altText`): a newsroom's "(AI-generated)". */
export const embedSuffixSchema = z
  .string()
  .trim()
  .min(1)
  .max(40, 'embedSuffix must be at most 40 characters')
  .describe('With embed: text appended (after a space) to the alt text and long description written into the file\'s metadata only, never to altText, e.g. "(AI-generated)" where a newsroom requires machine text to say so; off by default');
export const EMBED_NEEDS_UPLOAD = 'embed works on an uploaded image (imageData or a file), not on an imageUrl';

/** JSON body of POST /v1/images: an image URL or base64 image data, never both. */
export const generateRequestSchema = generationOptionsSchema
  .extend({
    imageUrl: httpUrlSchema.optional(),
    imageData: z.string().min(1).optional(),
    fileName: z.string().max(255).optional(),
    embed: embedSchema.optional(),
    embedSuffix: embedSuffixSchema.optional(),
  })
  .refine((body) => Boolean(body.imageUrl) !== Boolean(body.imageData), {
    message: 'Provide exactly one of imageUrl or imageData',
    path: ['imageUrl'],
  })
  .refine((body) => !body.embed || Boolean(body.imageData), {
    message: EMBED_NEEDS_UPLOAD,
    path: ['embed'],
  })
  .refine((body) => !body.embedSuffix || Boolean(body.embed), {
    message: 'embedSuffix needs embed: "iptc"',
    path: ['embedSuffix'],
  });
export type GenerateRequest = z.input<typeof generateRequestSchema>;

export const batchRequestSchema = generationOptionsSchema.extend({
  imageUrls: z
    .array(httpUrlSchema, { message: VALIDATION.imageUrlsRequired })
    .min(1, VALIDATION.imageUrlsRequired)
    .max(MAX_BATCH_SIZE, `At most ${MAX_BATCH_SIZE} images per batch`),
});
export type BatchRequest = z.input<typeof batchRequestSchema>;

export const issueSeveritySchema = z.enum(['error', 'warning', 'info']);
export const altTextIssueSchema = z.object({
  id: z.string(),
  severity: issueSeveritySchema,
  message: z.string(),
});
export type AltTextIssue = z.infer<typeof altTextIssueSchema>;

/**
 * Tokens of the model calls that made a description, as the provider reported them (both calls of a
 * repair try, summed). Absent when no model was called: a cache hit, a description shared with an
 * identical request in flight, the offline describer.
 */
export const tokenUsageSchema = z
  .object({
    inputTokens: z.number().int().min(0).describe('Input tokens billed: system prompt, user message, schema and image'),
    outputTokens: z.number().int().min(0).describe('Output tokens billed'),
    cachedInputTokens: z
      .number()
      .int()
      .min(0)
      .describe("Of the input tokens, those the provider served from its prompt cache (0 when it reports none)"),
  })
  .describe('Tokens as the provider reported them; absent when no model was called (a cache hit, the offline describer)');
export type TokenCounts = z.infer<typeof tokenUsageSchema>;

export const altTextResultSchema = z.object({
  imageUrl: z.string(),
  altText: z.string(),
  longDescription: z.string().optional(),
  isDecorative: z.boolean(),
  containsText: z.boolean(),
  textInImage: z.string().optional(),
  processingTime: z.number(),
  wcagCompliant: z.boolean(),
  verification: verificationSchema,
  verificationReason: verificationReasonSchema.optional(),
  /** Words OCR read with low confidence: kept (marked "…" in the draft), never dropped silently. */
  uncertainText: z.array(z.string()).optional(),
  issues: z.array(altTextIssueSchema),
  provider: z.string(),
  model: z.string(),
  cached: z.boolean(),
  /**
   * Model calls it took: 2 when the first answer failed the checker and the model was asked
   * once more with the checker's messages (the better answer is kept). Charged once either way.
   */
  tries: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Model calls it took: 1, or 2 when the first alt text failed the quality checker and the model was asked once more with its messages (the better answer is kept); 0 for a cached answer. Charged once either way.',
    ),
  usage: tokenUsageSchema.optional(),
  /** With `verify`: the readings made, how far they agree, and what they contradict each other on. */
  samples: z.number().int().min(1).optional().describe("Readings made (with verify); each counts as one request against the plan's limits"),
  agreement: z.number().min(0).max(1).optional().describe("With verify: mean share of readings backing each claim of the chosen alt text (0–1)"),
  claims: z.array(verifiedClaimSchema).optional().describe('With verify: the claims of the chosen alt text and how many readings back each'),
  uncertain: z
    .array(uncertainClaimSchema)
    .optional()
    .describe('With verify: the claims the readings contradict each other on; non-empty makes wcagCompliant false until a person reviews'),
  timestamp: z.string(),
});
export type AltTextResult = z.infer<typeof altTextResultSchema>;

/** The uploaded image with the fields written into its metadata (`embed`). */
export const embeddedImageSchema = z
  .object({
    mimeType: z.string().describe('image/jpeg, image/png or image/webp: the type of the upload, found from its bytes'),
    data: z.string().describe('The image, base64: the uploaded bytes with XMP Iptc4xmpCore:AltTextAccessibility and ExtDescrAccessibility written (a value in x-default and in the language of the alt text); pixels and other metadata unchanged'),
  })
  .describe('Present when the request asked for embed: "iptc"');
export type EmbeddedImage = z.infer<typeof embeddedImageSchema>;

/** The answer of POST /api/v1/images: the result, and the image with its metadata written when `embed` was asked. */
export const generateResponseSchema = altTextResultSchema.extend({ embedded: embeddedImageSchema.optional() });
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

export const batchItemErrorSchema = z.object({
  imageUrl: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
});
export type BatchItemError = z.infer<typeof batchItemErrorSchema>;

export const batchResponseSchema = z.object({
  results: z.array(z.union([altTextResultSchema, batchItemErrorSchema])),
  summary: z.object({ total: z.number(), succeeded: z.number(), failed: z.number() }),
});
export type BatchResponse = z.infer<typeof batchResponseSchema>;

export const checkRequestSchema = z.object({
  altText: z.string().max(5000),
  /** The language the alt text is written in (the checker's word lists); default: detected from the text, else English. */
  language: languageSchema.optional(),
  purpose: imagePurposeSchema.optional(),
  context: z.string().max(2000).optional(),
  maxLength: z.number().int().min(20).max(1000).optional(),
  isDecorative: z.boolean().optional(),
  longDescription: z.string().max(5000).optional(),
});
export const checkResponseSchema = z.object({
  wcagCompliant: z.boolean(),
  issues: z.array(altTextIssueSchema),
});

export const demoResponseSchema = z.object({
  imageUrl: z.string(),
  altText: z.string(),
  processingTime: z.number(),
  wcagCompliant: z.boolean(),
  verification: verificationSchema,
  verificationReason: verificationReasonSchema.optional(),
  /** Served from the cache (the same image described before): its processing time is the lookup's. */
  cached: z.boolean().optional(),
});
export type DemoResult = z.infer<typeof demoResponseSchema>;

/** GET /v1/demo: what the public demo runs on, so the landing page can say it plainly. */
export const demoInfoSchema = z.object({
  /** False when the instance runs without a vision model: its results are drafts. */
  visionModel: z.boolean().describe('True when a vision model describes images; false: the offline describer writes drafts'),
});
export type DemoInfo = z.infer<typeof demoInfoSchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const generationSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  altText: z.string(),
  longDescription: z.string().optional(),
  wcagCompliant: z.boolean(),
  verification: verificationSchema,
  verificationReason: verificationReasonSchema.optional(),
  issues: z.array(altTextIssueSchema),
  provider: z.string(),
  model: z.string(),
  cached: z.boolean(),
  processingTime: z.number(),
  usage: tokenUsageSchema.optional(),
  timestamp: z.string(),
  /** For an uploaded image: a small WebP preview as a data: URL (an upload has no URL to show again). */
  thumbnail: z.string().optional(),
});
export type Generation = z.infer<typeof generationSchema>;
export const historyResponseSchema = z.object({
  items: z.array(generationSchema),
  nextCursor: z.string().nullable(),
});
