import type { AltTextIssue } from '@altwise/shared';
import type { DescribeOptions } from './cache-key';
import { cacheKey, normaliseDescribeOptions } from './cache-key';
import type { HostResolver } from './fetch/ssrf-guard';
import { MAX_INPUT_PIXELS } from './image/image-decoder';
import type { ImageSource, LoadedImage, RawImage } from './image/image-loader';
import { loadImage, readImage } from './image/image-loader';
import type { ImagePreparation } from './image/image-preparer';
import { prepareImage } from './image/image-preparer';
import type { ProviderConfig, ProviderDependencies } from './providers/provider-factory';
import { createProvider } from './providers/provider-factory';
import type { ProviderName, VisionProvider } from './providers/vision-provider';
import { OFFLINE_WARNING, checkAltText } from './quality/quality-checker';
import { sanitizeModelText } from './text/output-sanitizer';

export interface AltTextEngineOptions {
  /** A ready provider, or the plain config to build one with `createProvider`. */
  readonly provider: VisionProvider | ProviderConfig;
  readonly providerDependencies?: ProviderDependencies;
  readonly fetch?: {
    /** `host:port` entries exempt from the private-address block (IMAGE_FETCH_ALLOW). */
    readonly allow?: readonly string[];
    readonly maxBytes?: number;
    readonly timeoutMs?: number;
    /** DNS seam for tests; defaults to the system resolver. */
    readonly resolve?: HostResolver;
  };
  readonly maxPixels?: number;
}

export interface AltTextDescription {
  readonly altText: string;
  readonly longDescription?: string;
  readonly isDecorative: boolean;
  readonly containsText: boolean;
  readonly textInImage?: string;
  readonly wcagCompliant: boolean;
  readonly issues: AltTextIssue[];
  readonly provider: ProviderName;
  readonly model: string;
}

export interface AltTextEngine {
  /** Name and model of the provider in use: what the cache key must contain. */
  readonly provider: { readonly name: ProviderName; readonly model: string };
  /** Fetch (SSRF-guarded) or take uploaded bytes; byte cap, type by magic bytes, hash. No decoding. */
  readImage(source: Exclude<ImageSource, { raw: RawImage }>, signal?: AbortSignal): Promise<RawImage>;
  /**
   * Everything `readImage` does, then the pixel limit, the embedded metadata and the one decode
   * (the image prepared for the provider, which also proves the file decodes).
   */
  loadImage(source: ImageSource, signal?: AbortSignal): Promise<LoadedImage>;
  /** The cache key of this image and options for the current provider. */
  cacheKey(image: Pick<LoadedImage, 'sha256' | 'fileName'>, options?: DescribeOptions): string;
  /** Prepare → provider → sanitise → check. Never called on a cache hit. */
  describe(image: LoadedImage, options?: DescribeOptions, signal?: AbortSignal): Promise<AltTextDescription>;
}

const LONG_DESCRIPTION_CAP = 4000;
const TEXT_IN_IMAGE_CAP = 1000;

const OFFLINE_LANGUAGE_WARNING: AltTextIssue = Object.freeze({
  id: 'language-not-supported',
  severity: 'warning',
  message: 'The offline describer writes English only; use a vision model for other languages.',
});

function samePreparation(a: ImagePreparation, b: ImagePreparation): boolean {
  return a === b || (a.maxEdge === b.maxEdge && a.format === b.format && a.quality === b.quality);
}

function isProvider(value: VisionProvider | ProviderConfig): value is VisionProvider {
  return typeof (value as VisionProvider).describe === 'function';
}

/**
 * The engine's one entry point. Loading and describing are separate so the caller can
 * compute the cache key in between and skip the model on a hit.
 */
export function createAltTextEngine(options: AltTextEngineOptions): AltTextEngine {
  const provider = isProvider(options.provider)
    ? options.provider
    : createProvider(options.provider, options.providerDependencies);
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const fetchOptions = { ...options.fetch, maxPixels, preparation: provider.preparation };

  return Object.freeze({
    provider: Object.freeze({ name: provider.name, model: provider.model }),

    readImage: (source: Exclude<ImageSource, { raw: RawImage }>, signal?: AbortSignal) =>
      readImage(source, fetchOptions, signal),

    loadImage: (source: ImageSource, signal?: AbortSignal) => loadImage(source, fetchOptions, signal),

    cacheKey: (image: Pick<LoadedImage, 'sha256' | 'fileName'>, describeOptions?: DescribeOptions) =>
      cacheKey({
        sha256: image.sha256,
        fileName: image.fileName,
        provider: provider.name,
        model: provider.model,
        ...describeOptions,
      }),

    async describe(image: LoadedImage, describeOptions?: DescribeOptions, signal?: AbortSignal) {
      const { context, language, maxLength } = normaliseDescribeOptions(describeOptions);
      // Loaded by this engine (the normal case): the image was already prepared, decode nothing.
      const prepared = samePreparation(image.preparedFor, provider.preparation)
        ? image.prepared
        : await prepareImage(image.bytes, provider.preparation, maxPixels);
      const raw = await provider.describe(
        {
          image: prepared,
          // Only the facts: the loaded image also holds the source URL, which no provider may see.
          original: {
            type: image.type,
            width: image.width,
            height: image.height,
            animated: image.animated,
            hasAlpha: image.hasAlpha,
          },
          context,
          language,
          maxLength,
          fileName: image.fileName,
          metadata: image.metadata,
        },
        signal,
      );

      // Everything a provider returns is untrusted text headed for an HTML attribute.
      const isDecorative = raw.isDecorative === true;
      const altText = isDecorative ? '' : sanitizeModelText(raw.altText, { hardCap: maxLength * 2 });
      const longDescription =
        sanitizeModelText(raw.longDescription, { multiline: true, hardCap: LONG_DESCRIPTION_CAP }) ||
        undefined;
      const textInImage =
        sanitizeModelText(raw.textInImage, { verbatim: true, hardCap: TEXT_IN_IMAGE_CAP }) || undefined;

      const check = checkAltText({ altText, context, maxLength, isDecorative, longDescription });
      const issues = [...check.issues];
      if (provider.name === 'offline') {
        issues.push({ ...OFFLINE_WARNING });
        if (!/^en\b/i.test(language)) issues.push({ ...OFFLINE_LANGUAGE_WARNING });
      }
      return {
        altText,
        longDescription,
        isDecorative,
        containsText: raw.containsText === true || Boolean(textInImage),
        textInImage,
        wcagCompliant: check.wcagCompliant,
        issues,
        provider: provider.name,
        model: provider.model,
      };
    },
  });
}
