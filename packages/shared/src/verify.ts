import { z } from 'zod';

/** Readings of one image when `verify` is on (issue 36): 2–5, default 3. */
export const MIN_VERIFY_SAMPLES = 2;
export const MAX_VERIFY_SAMPLES = 5;
export const DEFAULT_VERIFY_SAMPLES = 3;

export const claimKindSchema = z.enum(['object', 'count', 'colour', 'text', 'action', 'setting']);
export type ClaimKind = z.infer<typeof claimKindSchema>;

/** The request options: read the image several times and flag what the readings disagree on. */
export const verifyOptionsSchema = z.object({
  verify: z
    .boolean()
    .optional()
    .describe('Read the image several times (in parallel) and flag the claims the readings disagree on; each reading is charged as one generation'),
  samples: z.coerce
    .number()
    .int()
    .min(MIN_VERIFY_SAMPLES)
    .max(MAX_VERIFY_SAMPLES)
    .optional()
    .describe(`How many readings with verify (${MIN_VERIFY_SAMPLES}–${MAX_VERIFY_SAMPLES}, default ${DEFAULT_VERIFY_SAMPLES})`),
});

export const verifiedClaimSchema = z.object({
  text: z.string().describe("The chosen reading's words for the claim"),
  kind: claimKindSchema,
  support: z.number().int().min(0).describe('Readings (and OCR, for text) that say the same'),
  of: z.number().int().min(1).describe('Readings compared (plus OCR for text, when it read the image)'),
});
export type VerifiedClaim = z.infer<typeof verifiedClaimSchema>;

export const uncertainClaimSchema = z.object({
  kind: claimKindSchema,
  readings: z
    .array(z.object({ value: z.string(), count: z.number().int().min(1) }))
    .describe('Each value the readings gave, most said first: "2 of 3 readings say red, 1 says orange"'),
});
export type UncertainClaim = z.infer<typeof uncertainClaimSchema>;

/** What a verified result adds. */
export const verificationDetailsSchema = z.object({
  samples: z.number().int().min(1).describe('Readings made'),
  agreement: z.number().min(0).max(1).describe("Mean share of readings backing each claim of the chosen alt text"),
  claims: z.array(verifiedClaimSchema),
  uncertain: z.array(uncertainClaimSchema).describe('Claims the readings contradict each other on; non-empty makes wcagCompliant false until a person reviews'),
});
export type VerificationDetails = z.infer<typeof verificationDetailsSchema>;

/** How a kind of disputed claim is named to a person (web app, GitHub Action). */
export const CLAIM_KIND_NAMES: Record<ClaimKind, string> = {
  count: 'Count',
  colour: 'Colour',
  text: 'Text in the image',
  object: 'Object',
  action: 'Action',
  setting: 'Setting',
};

/**
 * "2 of 3 readings say red, 1 says orange". `quote` wraps each value, which a model wrote (the
 * GitHub Action quotes it as code; the web app renders it as text).
 */
export function readingsSentence(entry: UncertainClaim, samples: number, quote: (value: string) => string = (value) => value): string {
  return entry.readings
    .map(({ value, count }, index) => (index === 0 ? `${count} of ${samples} readings say ${quote(value)}` : `${count} ${count === 1 ? 'says' : 'say'} ${quote(value)}`))
    .join(', ');
}
