// The api-keys module's public face: issuing, listing and revoking keys, and authenticating by one.
export { apiKeysRoutes } from './api-keys.routes';
export { createApiKeyService } from './api-key.service';
export type { ApiKeyService } from './api-key.service';
export { apiKeysModule } from './api-keys.module';
