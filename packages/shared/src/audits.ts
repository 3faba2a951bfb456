import { z } from 'zod';
import { altTextIssueSchema, imagePurposeSchema, languageSchema, verificationSchema } from './alt-text';
import type { PlanId } from './plans';

/** At most this many images get suggestions within the audit's own request; more run as a bulk job. */
export const MAX_AUDIT_SUGGESTIONS = 50;

/**
 * At most this many images of one page are audited (in document order); the rest are counted as
 * `notAudited`. A 5 MB page can hold ~270,000 <img> tags: nobody reads an audit that long.
 */
export const MAX_AUDIT_IMAGES = 2000;

/** Audits an account may start per hour (docs/audits.md "Limits"); each one fetches and parses a page. */
export const AUDITS_PER_HOUR: Readonly<Record<PlanId, number>> = { free: 30, pro: 300, enterprise: 3000 };

export const auditRequestSchema = z.object({
  url: z
    .string({ message: 'Page URL is required' })
    .trim()
    .min(1, 'Page URL is required')
    .max(2048, 'Page URL is too long')
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { message: 'Page URL must be an http or https address' }),
  suggest: z.boolean().optional(),
  /** Overrides the page's own `lang` attributes for every image's suggestion and check. */
  language: languageSchema.optional(),
});
export type AuditRequest = z.input<typeof auditRequestSchema>;

/** The element model's kinds (packages/engine/src/elements): every element that needs a text alternative. */
export const AUDIT_IMAGE_KINDS = ['img', 'input-image', 'svg', 'area', 'role-img', 'object'] as const;
/** `broken`: the picture itself did not load (an HTTP error, or bytes no browser can show), whatever its alt text. */
export const AUDIT_VERDICTS = ['missing', 'decorative', 'poor', 'ok', 'broken'] as const;
export const NAME_SOURCES = ['alt', 'aria-label', 'aria-labelledby', 'title', 'svg-title', 'object-content'] as const;

export const auditImageSchema = z.object({
  index: z.number().int(),
  kind: z.enum(AUDIT_IMAGE_KINDS),
  /** Absolute URL of the picture (the 1x choice of srcset/<picture>); null for inline SVG. */
  imageUrl: z.string().nullable(),
  /** A CSS selector that finds exactly this element (for developers; the app shows it on demand). */
  selector: z.string(),
  /**
   * Where the image is, in words a person recognises on the page: the nearest landmark and the
   * heading above it, then the element, e.g. `Main › "Our products" › 3rd image in figure`.
   */
  location: z.string(),
  /** The accessible name a screen reader announces; "" for a decorative image, null when there is none. */
  accessibleName: z.string().nullable(),
  nameSource: z.enum(NAME_SOURCES).nullable(),
  context: z.object({
    figcaption: z.string().nullable(),
    /** Set when the image is inside a link or button; `soleContent` makes it a functional image (WCAG G94/F89). */
    link: z
      .object({ element: z.enum(['a', 'button']), href: z.string().nullable(), text: z.string(), soleContent: z.boolean() })
      .nullable(),
    heading: z.string().nullable(),
    paragraph: z.string().nullable(),
  }),
  /**
   * The language the image's alt text was checked (and its suggestion written) in: the request's
   * `language`, else the nearest `lang` attribute (the image's own, an ancestor's, <html lang>);
   * null when the page declares none (the checker then detects it from the text).
   */
  language: z.string().nullable(),
  /** What the image is for when it is the only content of a link or button (WCAG G94/F89); null otherwise. */
  purpose: imagePurposeSchema.nullable(),
  verdict: z.enum(AUDIT_VERDICTS),
  issues: z.array(altTextIssueSchema),
  suggestion: z.string().nullable(),
  /** Who stands behind the suggestion (issue 19): `draft` when no vision model wrote it. Set with `suggestion`. */
  suggestionVerification: verificationSchema.optional(),
  suggestionError: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type AuditImage = z.infer<typeof auditImageSchema>;

export const auditSummarySchema = z.object({
  images: z.number().int(),
  missing: z.number().int(),
  decorative: z.number().int(),
  poor: z.number().int(),
  ok: z.number().int(),
  /** Images whose picture did not load (an HTTP error or undecodable bytes). */
  broken: z.number().int(),
  suggested: z.number().int(),
  /** Images on the page beyond the first MAX_AUDIT_IMAGES: found and counted, not audited. */
  notAudited: z.number().int(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

export const auditSchema = z.object({
  id: z.string(),
  url: z.string(),
  finalUrl: z.string(),
  pageTitle: z.string().nullable(),
  suggest: z.boolean(),
  createdAt: z.string(),
  summary: auditSummarySchema,
  /**
   * Set when the suggestions run as a bulk job (more than MAX_AUDIT_SUGGESTIONS images need one):
   * follow it at `url`; the audit's suggestions are filled from its results once it is over.
   */
  job: z.object({ id: z.string(), url: z.string() }).nullable(),
  images: z.array(auditImageSchema),
});
export type Audit = z.infer<typeof auditSchema>;

export const auditListItemSchema = auditSchema.omit({ images: true });
export type AuditListItem = z.infer<typeof auditListItemSchema>;

/** GET /v1/audits pages like the jobs list and the generations history: pass `nextCursor` back as `cursor`. */
export const auditListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const auditListResponseSchema = z.object({ items: z.array(auditListItemSchema), nextCursor: z.string().nullable() });
export type AuditListPage = z.infer<typeof auditListResponseSchema>;
