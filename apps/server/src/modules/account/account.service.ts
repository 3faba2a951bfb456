import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Idempotency } from '../idempotency';
import type { RevocationBus } from '../auth';
import type { ApiKeyService } from '../api-keys';
import type { EmailChangeService, EmailVerificationService, LoginAlerts, PasswordService, RefreshTokenService, TwoFactorService } from '../auth';
import type { MailService } from '../mail';
import type { BillingService } from '../billing';
import type { AltTextService } from '../alt-text';
import type { JobsModule } from '../jobs';
import type { AccountQuotaService, LimitAlerts, WeeklyReports } from '../usage';
import type { UsageService } from '../usage';
import type { SettingsService } from '../users';
import type { UserService } from '../users';
import type { WebhooksService } from '../webhooks';

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
  /** Bulk jobs with their items. */
  jobs: Pick<JobsModule, 'deleteForUser'>;
  /** Webhook deliveries (the jobs' and the account's), and the signing secret. */
  webhooks: Pick<WebhooksService, 'deleteForUser'>;
  /** The account's alt-text cache entries (its history rows cascade from the user row). */
  altText: Pick<AltTextService, 'deleteForUser'>;
  /** Idempotency keys and the answers stored with them. */
  idempotency: Pick<Idempotency, 'deleteForUser'>;
  /** Password-reset links (auth) and waiting or sent mail (mail) of the account. */
  passwords: Pick<PasswordService, 'deleteForUser'>;
  emailChanges: Pick<EmailChangeService, 'deleteForUser'>;
  verifications: Pick<EmailVerificationService, 'deleteForUser'>;
  mail: Pick<MailService, 'deleteForUser'>;
  /** Two-factor secret and recovery codes, and the known devices of login alerts (auth). */
  twoFactor: Pick<TwoFactorService, 'deleteForUser'>;
  loginAlerts: Pick<LoginAlerts, 'deleteForUser'>;
  limitAlerts: Pick<LimitAlerts, 'deleteForUser'>;
  weeklyReports: Pick<WeeklyReports, 'deleteForUser'>;
}

/**
 * Account deletion, through each table's owner, in ONE transaction: all of it or none. The user
 * row goes last, and its foreign keys cascade to whatever an owner module did not remove itself
 * (generations, audits). Usage events are kept for totals, with user and key detached. Then every
 * instance hears of it: keys, sessions and the account's running work stop at once (issue 18 row 6).
 */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    async deleteAccount(userId: string): Promise<void> {
      await deps.users.get(userId);
      await deps.billing.cancelProviderSubscription(userId);
      await deps.db.transaction().execute(async (trx) => {
        await deps.jobs.deleteForUser(userId, trx);
        await deps.webhooks.deleteForUser(userId, trx);
        await deps.altText.deleteForUser(userId, trx);
        await deps.idempotency.deleteForUser(userId, trx);
        await deps.apiKeys.deleteForUser(userId, trx);
        await deps.refreshTokens.deleteForUser(userId, trx);
        await deps.passwords.deleteForUser(userId, trx);
        await deps.emailChanges.deleteForUser(userId, trx);
        await deps.verifications.deleteForUser(userId, trx);
        await deps.mail.deleteForUser(userId, trx);
        await deps.twoFactor.deleteForUser(userId, trx);
        await deps.loginAlerts.deleteForUser(userId, trx);
        await deps.limitAlerts.deleteForUser(userId, trx);
        await deps.weeklyReports.deleteForUser(userId, trx);
        await deps.billing.deleteForUser(userId, trx);
        await deps.settings.delete(userId, trx);
        await deps.quota.deleteForUser(userId, trx);
        await deps.usage.detachUser(userId, trx);
        await deps.users.delete(userId, trx);
      });
      // Keys and access tokens stop working on every instance (the account row is gone), and its
      // running job items and webhook attempts stop where they run.
      await deps.revocations.publish({ kind: 'user', id: userId, deleted: true });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
