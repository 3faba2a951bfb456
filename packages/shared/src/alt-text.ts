import { z } from 'zod';
import { VALIDATION } from './messages';

export const DEFAULT_MAX_LENGTH = 125;
export const DEFAULT_LANGUAGE = 'en';
export const MAX_BATCH_SIZE = 50;

const httpUrlSchema = z
  .string({ message: VALIDATION.imageUrlRequired })
  .trim()
  .min(1, VALIDATION.imageUrlRequired)
  .max(2048, 'Image URL is too long')
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
    message: 'Image URL must be an http or https address',
  });

// BCP-47 in its common shapes: en, en-GB, zh-Hant-TW, es-419.
const languageSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Language must be a BCP-47 tag such as en or fr-CA');

/** Options that change what the describer writes. */
export const generationOptionsSchema = z.object({
  context: z.string().trim().max(2000, 'Context must be at most 2000 characters').optional(),
  language: languageSchema.optional(),
  maxLength: z.coerce.number().int().min(20).max(1000).optional(),
  regenerate: z.boolean().optional(),
});
export type GenerationOptions = z.infer<typeof generationOptionsSchema>;

/** JSON body of POST /v1/images: an image URL or base64 image data, never both. */
export const generateRequestSchema = generationOptionsSchema
  .extend({
    imageUrl: httpUrlSchema.optional(),
    imageData: z.string().min(1).optional(),
    fileName: z.string().max(255).optional(),
  })
  .refine((body) => Boolean(body.imageUrl) !== Boolean(body.imageData), {
    message: 'Provide exactly one of imageUrl or imageData',
    path: ['imageUrl'],
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

export const altTextResultSchema = z.object({
  imageUrl: z.string(),
  altText: z.string(),
  longDescription: z.string().optional(),
  isDecorative: z.boolean(),
  containsText: z.boolean(),
  textInImage: z.string().optional(),
  processingTime: z.number(),
  wcagCompliant: z.boolean(),
  issues: z.array(altTextIssueSchema),
  provider: z.string(),
  model: z.string(),
  cached: z.boolean(),
  timestamp: z.string(),
});
export type AltTextResult = z.infer<typeof altTextResultSchema>;

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
});
export type DemoResult = z.infer<typeof demoResponseSchema>;

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
  issues: z.array(altTextIssueSchema),
  provider: z.string(),
  model: z.string(),
  cached: z.boolean(),
  processingTime: z.number(),
  timestamp: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;
export const historyResponseSchema = z.object({
  items: z.array(generationSchema),
  nextCursor: z.string().nullable(),
});
