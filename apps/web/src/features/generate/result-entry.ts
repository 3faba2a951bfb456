import type { AltTextIssue, AltTextResult, Generation, UncertainClaim, Verification, VerifiedClaim } from '@altwise/shared';

/** What a result card shows; a fresh result and a history entry both map to it. */
export interface DescribedImage {
  imageUrl: string;
  altText: string;
  longDescription?: string;
  isDecorative?: boolean;
  containsText?: boolean;
  textInImage?: string;
  processingTime: number;
  wcagCompliant: boolean;
  /** A draft shows "Draft — no vision model" instead of the compliance badge. */
  verification: Verification;
  issues: AltTextIssue[];
  provider: string;
  model: string;
  cached: boolean;
  timestamp: string;
  /** Verified alt text: the readings made, and what they disagree on. */
  samples?: number;
  agreement?: number;
  claims?: VerifiedClaim[];
  uncertain?: UncertainClaim[];
}

export type ResultEntry =
  | {
      id: string;
      status: 'done';
      /** A short name for the card heading: the file name or the last part of the URL. */
      name: string;
      /** What the preview shows: the image URL, or an object URL for an upload. */
      imageSrc: string;
      result: DescribedImage;
    }
  | { id: string; status: 'failed'; name: string; imageUrl?: string; message: string };

/** The id of a result card's element (focus moves there after a generation). */
export const resultElementId = (entryId: string) => `result-${entryId}`;

let sequence = 0;
export const entryId = () => `entry-${Date.now()}-${++sequence}`;

/** Only addresses a browser can load are used as the preview; anything else shows the placeholder. */
export function previewSource(imageUrl: string): string | null {
  return /^(https?:|data:|blob:)/i.test(imageUrl) ? imageUrl : null;
}

/** "photo.jpg" from https://example.com/a/photo.jpg?x=1, else the host name, else the text. */
export function nameFromUrl(imageUrl: string): string {
  try {
    const url = new URL(imageUrl);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return imageUrl || 'Image';
  }
}

export function doneEntry(result: AltTextResult | DescribedImage, name: string, imageSrc: string | null): ResultEntry {
  return { id: entryId(), status: 'done', name, imageSrc: imageSrc ?? '', result };
}

export function historyEntry(item: Generation): ResultEntry {
  return {
    id: item.id,
    status: 'done',
    name: nameFromUrl(item.imageUrl),
    // An upload has no address to show again: its thumbnail, kept with the history row, stands in.
    imageSrc: item.thumbnail ?? previewSource(item.imageUrl) ?? '',
    result: item,
  };
}

export function isBatchItemError(
  item: AltTextResult | { imageUrl: string; error: { code: string; message: string } },
): item is { imageUrl: string; error: { code: string; message: string } } {
  return 'error' in item;
}
