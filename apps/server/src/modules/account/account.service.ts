import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RevocationBus } from '../../platform/revocations';
import type { ApiKeyService } from '../api-keys';
import type { RefreshTokenService } from '../auth';
import type { BillingService } from '../billing';
import type { AccountQuotaService } from '../usage';
import type { UsageService } from '../usage';
import type { SettingsService } from '../users';
import type { UserService } from '../users';

export interface AccountServiceDeps {
  users: Pick<UserService, 'get' | 'delete'>;
  settings: Pick<SettingsService, 'delete'>;
  refreshTokens: Pick<RefreshTokenService, 'deleteForUser'>;
  apiKeys: Pick<ApiKeyService, 'deleteForUser'>;
  billing: Pick<BillingService, 'deleteForUser' | 'cancelProviderSubscription'>;
  quota: Pick<AccountQuotaService, 'deleteForUser'>;
  usage: Pick<UsageService, 'detachUser'>;
  db: Kysely<Database>;
  revocations: Pick<RevocationBus, 'publish'>;
}

/**
 * Account deletion, through each table's owner, in ONE transaction: all of it or none. The user
 * row goes last, and its foreign keys cascade to whatever an owner module did not remove itself
 * (generations). Usage events are kept for totals, with user and key detached.
 */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    async deleteAccount(userId: string): Promise<void> {
      await deps.users.get(userId);
      await deps.billing.cancelProviderSubscription(userId);
      await deps.db.transaction().execute(async (trx) => {
        await deps.apiKeys.deleteForUser(userId, trx);
        await deps.refreshTokens.deleteForUser(userId, trx);
        await deps.billing.deleteForUser(userId, trx);
        await deps.settings.delete(userId, trx);
        await deps.quota.deleteForUser(userId, trx);
        await deps.usage.detachUser(userId, trx);
        await deps.users.delete(userId, trx);
      });
      // Keys and access tokens stop working on every instance (the account row is gone).
      await deps.revocations.publish({ kind: 'user', id: userId });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
