import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import type { EmbeddedDescriptions } from '../image/embedded-metadata';
import type { ImageFacts } from '../image/image-decoder';
import type { ImagePreparation, PreparedImage } from '../image/image-preparer';

export const PROVIDER_NAMES = [
  'offline',
  'openai',
  'openai-compatible',
  'ollama',
  'anthropic',
  'google',
] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** What a provider is asked to describe. Everything except `image` and `original` is untrusted text. */
export interface VisionInput {
  /** Downscaled, re-encoded, metadata-free pixels; sent inline, never by URL. */
  readonly image: PreparedImage;
  /** Facts about the original file (size before downscaling, animation, transparency). */
  readonly original: Pick<ImageFacts, 'type' | 'width' | 'height' | 'animated' | 'hasAlpha'>;
  /** Page text, caption or product name from the caller. */
  readonly context?: string;
  /** BCP-47 tag of the language to write in. */
  readonly language: string;
  /** Target length of `altText` in characters. */
  readonly maxLength: number;
  readonly fileName?: string;
  readonly metadata: EmbeddedDescriptions;
  /**
   * Text that offline OCR read in the image with enough confidence to count as legible.
   * Untrusted (anyone can print anything on an image) and possibly misread: a model checks it
   * against the pixels; the offline describer quotes it. Words OCR was unsure of are kept:
   * flagged "[word?]" in `text`, a "…" in `gapped`, and listed in `uncertain`.
   */
  readonly textFound?: {
    readonly text: string;
    readonly confidence: number;
    readonly gapped?: string;
    readonly uncertain?: readonly string[];
  };
  /**
   * Set when the image is the only content of a link or button (WCAG G94, F89): the alt names the
   * destination or action. Its label and href are untrusted page text.
   */
  readonly purpose?: ImagePurpose;
  /** The account's style (request options already applied over it). */
  readonly style?: {
    readonly trailingPeriod?: boolean;
    readonly keywords: readonly string[];
    readonly instructions?: string;
  };
  /** Set on the one repair try: the previous answer and what the quality checker found wrong. */
  readonly feedback?: { readonly previousAltText: string; readonly problems: readonly string[] };
  /** Which reading of a verified description this is (0-based): later readings sample more freely. */
  readonly sample?: number;
}

/** Tokens one model call used, as the provider reported them (absent where it reports none). */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Input tokens the provider served from its prompt cache (billed at its cached rate). */
  readonly cachedInputTokens: number;
}

/** The sum of two calls' usage (a description with a repair try made two). */
export function addUsage(total: TokenUsage | undefined, more: TokenUsage): TokenUsage {
  if (!total) return more;
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    cachedInputTokens: total.cachedInputTokens + more.cachedInputTokens,
  };
}

/** A provider's answer, before the engine sanitises and checks it. */
export interface VisionOutput {
  readonly altText: string;
  readonly isDecorative: boolean;
  readonly containsText: boolean;
  /** Visible text in the image, verbatim. */
  readonly textInImage?: string;
  /** For charts and diagrams: the detail that does not fit in `altText`. */
  readonly longDescription?: string;
  /** Of the account keywords asked for, those the model says truly describe the image. */
  readonly keywordsShown?: readonly string[];
  /** Words of `textInImage` read with low confidence and not checked against the pixels (OCR only). */
  readonly uncertainText?: readonly string[];
  /** Info-level notes for the reviewer: the offline draft's hints to confirm ("File name suggests: …"). */
  readonly notes?: readonly AltTextIssue[];
  /** What the call cost in tokens, when the provider says. */
  readonly usage?: TokenUsage;
}

/**
 * Something that writes alt text for one image. Implementations: the model providers
 * (through the Vercel AI SDK, with their own retry policy) and the offline describer.
 * Configuration is frozen at construction; `describe` must honour `signal` and throw
 * `EngineError` with a `provider_*` code on failure.
 */
export interface VisionProvider {
  readonly name: ProviderName;
  /** Model id; part of the cache key, so it changes when the output would. */
  readonly model: string;
  /** How the engine must downscale and encode the image before `describe`. */
  readonly preparation: ImagePreparation;
  describe(input: VisionInput, signal?: AbortSignal): Promise<VisionOutput>;
}
