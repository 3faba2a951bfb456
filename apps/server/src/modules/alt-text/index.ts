// The alt-text module's public face: what the app wires and what the demo and bulk jobs reuse.
export { altTextRoutes } from './alt-text.routes';
export { createAltTextService } from './alt-text.service';
export type { AltTextService, ImageInput, QuotaListener } from './alt-text.service';
export { mapWithConcurrency } from './task-pool';
export { createAltTextCacheRepository } from './alt-text-cache.repository';
export { accountCacheScope } from './alt-text-cache';
export { isCallerCaused, toAppError, toItemError } from './generation-errors';
export { createVisionEngine } from './vision-engine';
