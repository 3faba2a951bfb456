import { prepareImage } from '@altwise/engine';

/** Longest edge of a history preview: the history list shows images at 64–96 CSS px, 2x for sharp screens. */
export const THUMBNAIL_EDGE = 160;
const REMEMBERED = 256;

async function render(bytes: Buffer): Promise<string | null> {
  try {
    const prepared = await prepareImage(bytes, { maxEdge: THUMBNAIL_EDGE, format: 'webp', quality: 60 });
    return `data:${prepared.mediaType};base64,${prepared.bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

/**
 * A small WebP of an uploaded image, kept with its history row so the preview survives a reload.
 * Returned as a data: URL inside the owner's own history (so it is served to the owner only, and
 * needs no second authenticated request an <img> could not make). A failure costs only the preview.
 *
 * The same bytes make the same preview, so the last few hundred are remembered by their SHA-256
 * (the engine's, which keyed the image; concurrent uploads of one image share one render): a
 * decode per upload, even of a cached image, held repeated uploads to 263 req/s (1,040 without).
 */
export function createThumbnails(remembered = REMEMBERED) {
  const byHash = new Map<string, Promise<string | null>>();
  return {
    of(bytes: Buffer, sha256: string): Promise<string | null> {
      let thumbnail = byHash.get(sha256);
      if (thumbnail) {
        // Most recently used last: the oldest entry is the first the map iterates.
        byHash.delete(sha256);
      } else {
        thumbnail = render(bytes);
        if (byHash.size >= remembered) byHash.delete(byHash.keys().next().value!);
      }
      byHash.set(sha256, thumbnail);
      return thumbnail;
    },
  };
}
