import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as usageRollups from './0002-usage-rollups';
import * as crashSafeMetering from './0003-crash-safe-metering';
import * as apiKeySlots from './0004-api-key-slots';
import * as stripeBilling from './0005-stripe-billing';
import * as keyRevealsAndThumbnails from './0006-key-reveals-and-thumbnails';
import * as bulkJobs from './0007-bulk-jobs';
import * as audits from './0008-audits';
import * as auditJobs from './0009-audit-jobs';
import * as webhookDefaultUrl from './0010-webhook-default-url';
import * as verificationAndPurpose from './0011-verification-and-purpose';
import * as altTextCacheOwner from './0013-alt-text-cache-owner';
import * as mailAndPasswordResets from './0014-mail-and-password-resets';
import * as jobItemLeaseRenewal from './0015-job-item-lease-renewal';
import * as apiKeyNames from './0016-api-key-names';
import * as twoFactorAndKnownDevices from './0017-two-factor-and-known-devices';
import * as limitAlertsAndWeeklyReports from './0018-limit-alerts-and-weekly-reports';
import * as jobImageDedup from './0019-job-image-dedup';
import * as jobReviewUndo from './0022-job-review-undo';
import * as accountWebhookEvents from './0020-account-webhook-events';
import * as jobFiles from './0021-job-files';
import * as economyJobs from './0023-economy-jobs';
import * as tokenUsage from './0024-token-usage';
import * as jobItemDispatchIndexes from './0025-job-item-dispatch-indexes';
import * as emailChanges from './0026-email-changes';
import * as emailVerification from './0027-email-verification';
import * as jobItemUncertainty from './0028-job-item-uncertainty';
import * as siteMonitors from './0029-site-monitors';
import * as jobItemCounts from './0033-job-item-counts';
import * as batchHeldReservations from './0034-batch-held-reservations';
import * as monitorFixes from './0036-monitor-fixes';
import * as jobNamesAndProfileImages from './0039-job-names-and-profile-images';
import * as fixLanguages from './0040-fix-languages';
import * as quotaWindowStarts from './0041-quota-window-starts';

/** Every migration, in order. Add new ones here; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-usage-rollups': usageRollups,
  '0003-crash-safe-metering': crashSafeMetering,
  '0004-api-key-slots': apiKeySlots,
  '0005-stripe-billing': stripeBilling,
  '0006-key-reveals-and-thumbnails': keyRevealsAndThumbnails,
  '0007-bulk-jobs': bulkJobs,
  '0008-audits': audits,
  '0009-audit-jobs': auditJobs,
  '0010-webhook-default-url': webhookDefaultUrl,
  '0011-verification-and-purpose': verificationAndPurpose,
  '0013-alt-text-cache-owner': altTextCacheOwner,
  '0014-mail-and-password-resets': mailAndPasswordResets,
  '0015-job-item-lease-renewal': jobItemLeaseRenewal,
  '0016-api-key-names': apiKeyNames,
  '0017-two-factor-and-known-devices': twoFactorAndKnownDevices,
  '0018-limit-alerts-and-weekly-reports': limitAlertsAndWeeklyReports,
  '0019-job-image-dedup': jobImageDedup,
  '0020-account-webhook-events': accountWebhookEvents,
  '0021-job-files': jobFiles,
  '0022-job-review-undo': jobReviewUndo,
  '0023-economy-jobs': economyJobs,
  '0024-token-usage': tokenUsage,
  '0025-job-item-dispatch-indexes': jobItemDispatchIndexes,
  '0026-email-changes': emailChanges,
  '0027-email-verification': emailVerification,
  '0028-job-item-uncertainty': jobItemUncertainty,
  '0029-site-monitors': siteMonitors,
  '0033-job-item-counts': jobItemCounts,
  '0034-batch-held-reservations': batchHeldReservations,
  '0036-monitor-fixes': monitorFixes,
  '0039-job-names-and-profile-images': jobNamesAndProfileImages,
  '0040-fix-languages': fixLanguages,
  '0041-quota-window-starts': quotaWindowStarts,
};
