// The engine's public surface, picked by hand. Everything else is internal.

export { createAltTextEngine } from './alt-text-engine';
export type { AltTextDescription, AltTextEngine, AltTextEngineOptions } from './alt-text-engine';

export { EngineError, ENGINE_ERROR_CODES, isEngineError } from './errors/engine-error';
export type { EngineErrorCode } from './errors/engine-error';

export { cacheKey, normaliseDescribeOptions, CACHE_KEY_VERSION } from './cache-key';
export type { CacheKeyInput, DescribeOptions, NormalisedDescribeOptions } from './cache-key';

export { checkAltText, OFFLINE_WARNING } from './quality/quality-checker';
export type { CheckAltTextInput, CheckAltTextResult } from './quality/quality-checker';

export { createProvider, resolveProviderName } from './providers/provider-factory';
export type { ProviderConfig, ProviderDependencies, ProviderSetting } from './providers/provider-factory';
export { PROVIDER_NAMES } from './providers/vision-provider';
export type { ProviderName, VisionInput, VisionOutput, VisionProvider } from './providers/vision-provider';
export { createOfflineProvider, OFFLINE_MODEL } from './providers/offline.provider';
export { DEFAULT_RETRY_POLICY } from './providers/retry-policy';
export type { RetryPolicy } from './providers/retry-policy';

export { loadImage, readImage } from './image/image-loader';
export type { ImageSource, LoadedImage, LoadImageOptions, RawImage } from './image/image-loader';
export type { EmbeddedDescriptions } from './image/embedded-metadata';
export type { ImageFacts } from './image/image-decoder';
export { MAX_INPUT_PIXELS } from './image/image-decoder';
export type { ImageType } from './image/image-type';
export type { ImagePreparation, PreparedImage } from './image/image-preparer';

export { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_BYTES, MAX_REDIRECTS } from './fetch/image-fetcher';
export { classifyAddress, isPublicAddress } from './fetch/address-classifier';
export type { HostResolver, ResolvedAddress } from './fetch/ssrf-guard';
