import type { Described } from '@altwise/engine';
import type { AltTextResult, Generation } from '@altwise/shared';
import type { GenerationRow } from './generation.repository';
import type { ImageInput } from './generation-unit';
import { resultUsage, rowUsage } from './token-usage';

/** How the image is named in results and history: its URL, or the upload's file name. */
export function imageLabel(image: ImageInput): string {
  return 'url' in image ? image.url : image.fileName || 'upload';
}

/** A description as the API answers it. */
export function toResult(imageUrl: string, described: Described, processingTime: number, at: number): AltTextResult {
  return {
    imageUrl,
    altText: described.altText,
    longDescription: described.longDescription,
    isDecorative: described.isDecorative,
    containsText: described.containsText,
    textInImage: described.textInImage,
    processingTime,
    wcagCompliant: described.wcagCompliant,
    verification: described.verification,
    ...(described.verificationReason && { verificationReason: described.verificationReason }),
    ...(described.uncertainText?.length && { uncertainText: [...described.uncertainText] }),
    issues: described.issues,
    provider: described.provider,
    model: described.model,
    cached: described.cached,
    // A cache hit called no model.
    tries: described.cached ? 0 : described.tries,
    ...resultUsage(described),
    ...(described.samples && { samples: described.samples, agreement: described.agreement, claims: described.claims, uncertain: described.uncertain }),
    timestamp: new Date(at).toISOString(),
  };
}

/**
 * A stored row's verification and compliance. Only drafts and model answers are stored (review
 * happens on job items); anything else reads as a draft, and a draft is never compliant.
 */
function storedVerification(row: GenerationRow): Pick<AltTextResult, 'wcagCompliant' | 'verification' | 'verificationReason'> {
  if (row.verification === 'model') return { wcagCompliant: row.wcag_compliant === 1, verification: 'model' };
  return { wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model' };
}

/** A settled unit as a result again (the retry of a request whose first answer never arrived). */
export function fromHistory(row: GenerationRow): AltTextResult {
  return {
    imageUrl: row.source,
    altText: row.alt_text,
    longDescription: row.long_description ?? undefined,
    isDecorative: row.is_decorative === 1,
    containsText: row.contains_text === 1,
    textInImage: row.text_in_image ?? undefined,
    processingTime: row.processing_ms,
    ...storedVerification(row),
    issues: JSON.parse(row.issues),
    provider: row.provider,
    model: row.model,
    cached: row.cached === 1,
    ...rowUsage(row),
    timestamp: new Date(row.created_at).toISOString(),
  };
}

/** A history row as GET /api/v1/images lists it. */
export function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    imageUrl: row.source,
    altText: row.alt_text,
    longDescription: row.long_description ?? undefined,
    ...storedVerification(row),
    issues: JSON.parse(row.issues),
    provider: row.provider,
    model: row.model,
    cached: row.cached === 1,
    processingTime: row.processing_ms,
    ...rowUsage(row),
    timestamp: new Date(row.created_at).toISOString(),
    ...(row.thumbnail ? { thumbnail: row.thumbnail } : {}),
  };
}
