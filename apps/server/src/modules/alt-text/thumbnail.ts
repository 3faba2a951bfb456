import { prepareImage } from '@altwise/engine';

/** Longest edge of a history preview: the history list shows images at 64–96 CSS px, 2x for sharp screens. */
export const THUMBNAIL_EDGE = 160;

/**
 * A small WebP of an uploaded image, kept with its history row so the preview survives a reload.
 * Returned as a data: URL inside the owner's own history (so it is served to the owner only, and
 * needs no second authenticated request an <img> could not make). A failure costs only the preview.
 */
export async function makeThumbnail(bytes: Buffer): Promise<string | null> {
  try {
    const prepared = await prepareImage(bytes, { maxEdge: THUMBNAIL_EDGE, format: 'webp', quality: 60 });
    return `data:${prepared.mediaType};base64,${prepared.bytes.toString('base64')}`;
  } catch {
    return null;
  }
}
