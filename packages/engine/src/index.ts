// The engine's public surface, picked by hand: only what the apps, the test fakes and the benches
// use (lint and grep keep it so). Everything else is internal.

export { createAltTextEngine } from './alt-text-engine';
export type { AltTextEngine } from './alt-text-engine';
export type { PreparedRequest } from './batch-request';
export { requestOf } from './batch-request';
export { MAX_OUTPUT_TOKENS, TEMPERATURE, generationSettings, openAiChatBody, sampleSettings } from './providers/model-request';
export type { AltTextDescription, Described, DescriptionCache } from './description';

export { isEngineError } from './errors/engine-error';
export type { EngineErrorCode } from './errors/engine-error';

export { checkAltText } from './quality/quality-checker';

export { createProvider, resolveProviderName } from './providers/provider-factory';
export type { ProviderConfig, ProviderDependencies } from './providers/provider-factory';
export type { TokenUsage } from './providers/vision-provider';
export type { RetryPolicy } from './providers/retry-policy';

export { prepareImage } from './image/image-preparer';
export { sha256Of } from './image/image-hash';
export { probeImage } from './image/image-probe';
export type { ImageProbe } from './image/image-probe';
export { postGuarded, checkOutboundUrl } from './fetch/guarded-post';
export { fetchPage, fetchSiteFile } from './fetch/page-fetcher';

export { verifyReadings } from './verify/verify-readings';
export type { Reading, Verification, VerifyInput } from './verify/verify-readings';
export { writeAccessibilityMetadata, requireWritableImage, exiftoolAvailable, isMetadataWriterError, EXIFTOOL_MISSING } from './metadata-writer';
export type { AccessibilityText, WrittenImage, MetadataWriterErrorCode } from './metadata-writer';
