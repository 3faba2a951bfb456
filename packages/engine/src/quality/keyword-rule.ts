import type { AltTextIssue } from '@altwise/shared';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keyword as a whole word or phrase, any case: "cat" is not found in "catalogue". */
function mentions(altText: string, keyword: string): boolean {
  const pattern = escapeRegExp(keyword.trim()).replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu').test(altText);
}

/**
 * Keyword stuffing guard: an account keyword that appears in the alt text although the model did
 * not list it among those that truly describe the image is a warning, one per keyword. Without a
 * model's answer (hand-written text, the offline describer) a keyword found is not judged here.
 */
export function unconfirmedKeywords(
  altText: string,
  keywords: readonly string[] | undefined,
  keywordsShown: readonly string[] | undefined,
): AltTextIssue[] {
  if (!keywords?.length || !keywordsShown || !altText.trim()) return [];
  const confirmed = new Set(keywordsShown.map((keyword) => keyword.trim().toLowerCase()));
  return keywords
    .filter((keyword) => mentions(altText, keyword) && !confirmed.has(keyword.trim().toLowerCase()))
    .map((keyword) => ({
      id: 'keyword-not-confirmed',
      severity: 'warning' as const,
      message: `The keyword "${keyword}" appears but the model did not confirm it describes the image; keep it only if it truly does (no keyword stuffing)`,
    }));
}
