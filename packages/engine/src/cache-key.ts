import { createHash } from 'node:crypto';
import { sha256Of } from './image/image-hash';
import type { ImagePurpose } from '@altwise/shared';
import { DEFAULT_LANGUAGE, DEFAULT_MAX_LENGTH } from '@altwise/shared';
import { LRUCache } from 'lru-cache';

/** Bump when the prompt, sanitiser or offline describer change what a given input produces. */
// v4: offline drafts assert only what they measured (no file name, metadata or context in the
// text), OCR keeps unsure words, the sanitiser strips labels and URLs, the prompt knows purposes.
export const CACHE_KEY_VERSION = 'altwise-alt-text-v4';

export interface DescribeOptions {
  readonly context?: string;
  /** BCP-47, default 'en'. */
  readonly language?: string;
  /** Default 125. */
  readonly maxLength?: number;
  /** End the alt with a period (true), without one (false); unset leaves the text as written. */
  readonly trailingPeriod?: boolean;
  /** The account's SEO keywords: woven in only where they truly describe the image. */
  readonly keywords?: readonly string[];
  /** The account's custom instructions (tone, wording, focus); never the rules or the format. */
  readonly instructions?: string;
  /** The link or button the image is the only content of: the alt names its destination or action. */
  readonly purpose?: ImagePurpose;
  /** Verified alt text (issue 36): read the image this many times (2–5) and compare the readings. */
  readonly samples?: number;
}

export interface NormalisedDescribeOptions {
  readonly context?: string;
  readonly language: string;
  readonly maxLength: number;
  readonly trailingPeriod?: boolean;
  /** Trimmed, without empties or repeats (any case), in the given order. */
  readonly keywords: readonly string[];
  readonly instructions?: string;
  /** Only the known fields, trimmed, whitespace collapsed, blanks dropped. */
  readonly purpose?: ImagePurpose;
  /** Readings to compare; undefined for one reading (no verification). */
  readonly samples?: number;
}

function normaliseKeywords(keywords: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const keyword of keywords ?? []) {
    const trimmed = keyword.trim().replace(/\s+/g, ' ');
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

const collapse = (text: string | undefined) => text?.trim().replace(/\s+/g, ' ') || undefined;

/** Two equivalent purposes (spacing, blank fields, stray keys) describe and key alike. */
function normalisePurpose(purpose: ImagePurpose | undefined): ImagePurpose | undefined {
  if (!purpose) return undefined;
  const href = collapse(purpose.href);
  const label = collapse(purpose.label);
  return { kind: purpose.kind, ...(href && { href }), ...(label && { label }) };
}

// Every request normalises its language (for the cache key): remember the few tags callers use.
const canonical = new LRUCache<string, string>({ max: 500 });

function canonicalLanguage(tag: string): string {
  const known = canonical.get(tag);
  if (known) return known;
  let language = tag;
  try {
    language = Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    // Not a valid tag: keep it as given; the shared schema normally stops these earlier.
  }
  canonical.set(tag, language);
  return language;
}

/** One normalisation for describing and for keying, so equivalent requests share a cache entry. */
export function normaliseDescribeOptions(options: DescribeOptions = {}): NormalisedDescribeOptions {
  const language = canonicalLanguage(options.language?.trim() || DEFAULT_LANGUAGE);
  return {
    context: options.context?.trim() || undefined,
    language,
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH,
    trailingPeriod: options.trailingPeriod,
    keywords: normaliseKeywords(options.keywords),
    instructions: options.instructions?.trim() || undefined,
    purpose: normalisePurpose(options.purpose),
    samples: options.samples !== undefined && options.samples >= 2 ? Math.min(Math.floor(options.samples), 5) : undefined,
  };
}

export type CacheKeyInput = DescribeOptions & {
  readonly provider: string;
  readonly model: string;
  /** The upload's name or the URL's last segment: describers read it, so it changes the output. */
  readonly fileName?: string;
  /** A verified answer's readers (`provider/model`) when VERIFY_PROVIDERS adds any to the main provider. */
  readonly readers?: readonly string[];
} & ({ readonly bytes: Uint8Array } | { readonly sha256: string });

/**
 * SHA-256 (hex) over the image bytes' hash and every parameter that changes the output.
 * The parts are JSON-encoded as an array, so no two different inputs share an encoding.
 */
export function cacheKey(input: CacheKeyInput): string {
  const imageHash = 'bytes' in input ? sha256Of(input.bytes) : input.sha256;
  const options = normaliseDescribeOptions(input);
  const encoded = JSON.stringify([
    CACHE_KEY_VERSION,
    imageHash,
    input.provider,
    input.model,
    options.language,
    options.maxLength,
    options.context ?? null,
    input.fileName ?? null,
    // The account's style changes the output: two styles never share an entry.
    options.trailingPeriod ?? null,
    options.keywords.map((keyword) => keyword.toLowerCase()).sort(),
    options.instructions ?? null,
    options.purpose ? [options.purpose.kind, options.purpose.href ?? null, options.purpose.label ?? null] : null,
    // Only when set, so the keys of unverified answers stay as they were.
    ...(options.samples ? [['samples', options.samples]] : []),
    ...(options.samples && input.readers?.length ? [['readers', ...input.readers]] : []),
  ]);
  return createHash('sha256').update(encoded).digest('hex');
}
