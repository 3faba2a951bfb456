// The alt-text module's public face: what the app wires and what the demo and bulk jobs reuse.
export { altTextRoutes } from './alt-text.routes';
export { createAltTextService } from './alt-text.service';
export { Admitted } from './alt-text.service';
export type { AltTextService, Generated, ImageInput } from './alt-text.service';
export type { GenerationUnit, RowVerdict, RowWrite } from './generation-unit';
export { createAltTextCacheRepository } from './alt-text-cache.repository';
export { accountCacheScope } from './alt-text-cache';
export { isCallerCaused, toAppError, toItemError } from './generation-errors';
export { resultUsage } from './token-usage';
export { readingsOf } from './generation-unit';
export { createVisionEngine } from './vision-engine';
export { altTextModule } from './alt-text.module';
export type { AltTextModule } from './alt-text.module';
export { createImageEmbedder } from './embedded-image';
export type { ImageEmbedder } from './embedded-image';
