import { defineModule } from '../../platform/app-module';
import { createApiKeyRepository } from './api-key.repository';
import type { ApiKeyService } from './api-key.service';
import { createApiKeyService } from './api-key.service';
import { apiKeysRoutes } from './api-keys.routes';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    apiKeys: ApiKeyService;
  }
}

/** Issuing, listing and revoking API keys, and authenticating a request by one. */
export const apiKeysModule = defineModule({
  name: 'apiKeys',
  needs: ['users', 'usage', 'revocations', 'rateLimiter', 'webhooks'],
  create: ({ ctx }, { users: { users }, usage: { quota, usage }, revocations, rateLimiter, webhooks }) => {
    const apiKeys = createApiKeyService(ctx, { keys: createApiKeyRepository(ctx.db), users, quota, usage, revocations, rateLimiter, events: webhooks.accountWebhooks });
    // A key revoked on any instance stops authenticating here at once.
    revocations.subscribe((revocation) => apiKeys.forgetRevoked(revocation));
    return apiKeys;
  },
  http: {
    needs: ['guards'],
    register: async (app, apiKeys, { guards }) => {
      await app.register(apiKeysRoutes, { apiKeys, guards });
    },
  },
});
