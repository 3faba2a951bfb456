import type { ApiKeyService } from '../api-keys/api-key.service';
import type { RefreshTokenService } from '../auth/refresh-token.service';
import type { BillingService } from '../billing/billing.service';
import type { AccountQuotaService } from '../usage/quota.service';
import type { UsageService } from '../usage/usage.service';
import type { SettingsService } from '../users/settings.service';
import type { UserService } from '../users/user.service';

export interface AccountServiceDeps {
  users: Pick<UserService, 'get' | 'delete'>;
  settings: Pick<SettingsService, 'delete'>;
  refreshTokens: Pick<RefreshTokenService, 'deleteForUser'>;
  apiKeys: Pick<ApiKeyService, 'deleteForUser'>;
  billing: Pick<BillingService, 'deleteForUser'>;
  quota: Pick<AccountQuotaService, 'deleteForUser'>;
  usage: Pick<UsageService, 'detachUser'>;
}

/**
 * Account deletion, through each table's owner. Keys and sessions go first so nothing can act
 * for the account while the rest is removed; the user row goes last, and its foreign keys cascade
 * to whatever an owner module did not remove itself (generations). Usage events are kept for
 * totals, with user and key detached. A retry after a failure part-way finishes the job.
 */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    async deleteAccount(userId: string): Promise<void> {
      await deps.users.get(userId);
      await deps.apiKeys.deleteForUser(userId);
      await deps.refreshTokens.deleteForUser(userId);
      await deps.billing.deleteForUser(userId);
      await deps.settings.delete(userId);
      await deps.quota.deleteForUser(userId);
      await deps.usage.detachUser(userId);
      await deps.users.delete(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
