import type { AltTextIssue, UncertainClaim, VerifiedClaim } from '@altwise/shared';
import type { ProviderName, TokenUsage } from './providers/vision-provider';

/** What the engine writes for one image: the answer a cache keeps. */
export interface AltTextDescription {
  readonly altText: string;
  readonly longDescription?: string;
  readonly isDecorative: boolean;
  readonly containsText: boolean;
  readonly textInImage?: string;
  /** True only for a `model` answer with no error-level issue (a draft is never compliant). */
  readonly wcagCompliant: boolean;
  /** `draft` from the offline describer (no vision model), `model` from a vision model. */
  readonly verification: 'draft' | 'model';
  readonly verificationReason?: 'no_vision_model';
  /** Words OCR read with low confidence, kept and flagged rather than dropped. */
  readonly uncertainText?: readonly string[];
  readonly issues: AltTextIssue[];
  readonly provider: ProviderName;
  readonly model: string;
  /** Model calls made: 2 when the first answer failed the checker and was asked again once. */
  readonly tries: number;
  /** Tokens of every call that made this description (both tries), when the provider reports them. */
  readonly usage?: TokenUsage;
  /** Verified alt text (issue 36): the readings made and how far they agree. */
  readonly samples?: number;
  readonly agreement?: number;
  readonly claims?: VerifiedClaim[];
  readonly uncertain?: UncertainClaim[];
}

/** A description and where it came from. */
export interface Described extends AltTextDescription {
  /** True when the cache answered and no image was decoded, no model called. */
  readonly cached: boolean;
  /** The SHA-256 (hex) of the image's bytes, which its key was made from. */
  readonly sha256: string;
}

/**
 * The engine's cache stage (docs/architecture.md#the-alt-text-engine) as a port: the engine computes the key and decides when
 * to look up and when to save; the app decides where entries live (a table, a memory in front).
 */
export interface DescriptionCache {
  /**
   * The description saved under `key`; undefined on a miss, and for an entry the store cannot read.
   * `scope` is the call's cacheScope (already part of `key`), for a store that records an entry's owner.
   */
  find(key: string, scope?: string): Promise<AltTextDescription | undefined>;
  /** Keeps `description` under `key`, replacing an older one. The engine never changes it afterwards. */
  save(key: string, description: AltTextDescription, scope?: string): Promise<void>;
}

/** An engine without a cache describes every image; it still shares concurrent work on one key. */
export const NO_CACHE: DescriptionCache = Object.freeze({
  find: async () => undefined,
  save: async () => undefined,
});
