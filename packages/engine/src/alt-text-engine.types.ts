import type { DescribeOptions } from './cache-key';
import type { AltTextDescription, Described, DescriptionCache } from './description';
import type { HostResolver } from './fetch/ssrf-guard';
import type { ImageSource } from './image/image-loader';
import type { TextReader } from './ocr/text-reader';
import type { ProviderConfig, ProviderDependencies } from './providers/provider-factory';
import type { TokenUsage, VisionProvider } from './providers/vision-provider';
import type { PreparedRequest } from './batch-request';

// The engine's contract: what a caller builds it with and asks of it (alt-text-engine.ts implements it).
export interface AltTextEngineOptions {
  /** A ready provider, or the plain config to build one with `createProvider`. */
  readonly provider: VisionProvider | ProviderConfig;
  readonly providerDependencies?: ProviderDependencies;
  /**
   * VERIFY_PROVIDERS: the providers a verified description's readings are spread over beside the
   * main one (reading n by the (n mod k)th of [main, ...these]). Unverified descriptions use the main only.
   */
  readonly verifyProviders?: readonly VisionProvider[];
  readonly fetch?: {
    /** `host:port` entries exempt from the private-address block (IMAGE_FETCH_ALLOW). */
    readonly allow?: readonly string[];
    readonly maxBytes?: number;
    readonly timeoutMs?: number;
    /** DNS seam for tests; defaults to the system resolver. */
    readonly resolve?: HostResolver;
  };
  readonly maxPixels?: number;
  /**
   * Offline OCR (tesseract.js, language data from node_modules) run on every described image;
   * its text goes to the provider. Default: one process-wide reader; `false` turns OCR off.
   */
  readonly ocr?: TextReader | false;
  /** Where answers are kept between generations; none by default (every image is described). */
  readonly cache?: DescriptionCache;
  /**
   * Runs each call to a provider (one per reading and per repair, with the provider's own
   * retries; never a read, a load, OCR or a cache hit): the app's queue of model calls. Default: at once.
   */
  readonly queue?: <T>(task: () => Promise<T>) => Promise<T>;
}

/** Per call: what may differ between two generations of one engine. */
export interface DescribeCall {
  /** Skip the cache lookup and replace the entry with a fresh answer. */
  readonly regenerate?: boolean;
  /** A byte cap below the engine's own, for this image only (the public demo's 5 MB). */
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
  /**
   * Whose answers this call may reuse (an account, the public demo): entries, and concurrent work
   * on one key, are shared only within a scope, so no caller learns what another described.
   * Unset: the engine-wide scope.
   */
  readonly cacheScope?: string;
}

export interface AltTextEngine {
  /**
   * One generation, start to end (docs/architecture.md#the-alt-text-engine): read the image (fetch with the SSRF guard, or
   * take the upload; byte cap, type by magic bytes, hash), key it, ask the cache, and only on a
   * miss load it (pixel limit, metadata, the one decode), describe it (prepare → provider →
   * sanitise → check) and save the answer in the cache.
   */
  describe(source: ImageSource, options?: DescribeOptions, call?: DescribeCall): Promise<Described>;
  /**
   * The same generation cut in two around the model call, for a provider's batch API: read and
   * load the image as `describe` does (SSRF guard, caps, one decode, OCR), and return the very
   * request a live call would send (system prompt, user message, prepared image, output schema).
   */
  prepareRequest(source: ImageSource, options?: DescribeOptions, call?: Pick<DescribeCall, 'maxBytes' | 'signal' | 'cacheScope'>): Promise<PreparedRequest>;
  /**
   * The second half: a batch answer (the JSON the model wrote) parsed against the output schema,
   * sanitised and checked exactly as a live answer is. No repair try: a batch answer the checker
   * faults keeps its issues for review. Throws `provider_error` for an answer that is not the schema.
   */
  finishAnswer(answer: unknown, options?: DescribeOptions, usage?: TokenUsage): AltTextDescription;
  /**
   * Saves a finished batch answer under its request's `cacheKey` (in the scope it was prepared
   * in), so a later live call for the same bytes and options is a cache hit, as after `describe`.
   */
  rememberAnswer(cacheKey: string, description: AltTextDescription, cacheScope?: string): Promise<void>;
  /**
   * A verified description from a batch's readings (one answer per reading, each with its tokens):
   * each finished as `finishAnswer` does, then compared as a live verify compares its readings,
   * with `ocrText` (the request's) as one more witness for the text. Throws as `finishAnswer` does.
   */
  finishReadings(answers: ReadonlyArray<{ readonly answer: unknown; readonly usage?: TokenUsage }>, options?: DescribeOptions, ocrText?: string): AltTextDescription;
}
