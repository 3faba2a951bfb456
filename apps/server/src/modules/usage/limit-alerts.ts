import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import type { MailService } from '../mail';
import type { SettingsService, UserService } from '../users';
import { limitAlertMail } from './limit-alert-mail';
import type { LimitAlertsRepository } from './limit-alerts.repository';

/** The share of a window's limit at which an alert goes out, in percent. */
export const ALERT_LEVELS = [80, 100] as const;

/** A level of one window passed by one admission (see `crossedLevels`). */
export interface LimitCrossing {
  window: 'hour' | 'day';
  windowStart: number;
  resetAt: number;
  level: number;
  limit: number;
}

/**
 * The levels an admission of `units` took the window across (from below the level to at or
 * above it). Pure arithmetic on what the quota decision already knows, so the hot path does nothing
 * more unless a level was crossed.
 */
export function crossedLevels(window: Omit<LimitCrossing, 'level'>, usedAfter: number, units: number): LimitCrossing[] {
  const usedBefore = usedAfter - units;
  return ALERT_LEVELS.filter((level) => {
    const threshold = Math.ceil((window.limit * level) / 100);
    return usedBefore < threshold && usedAfter >= threshold;
  }).map((level) => ({ ...window, level }));
}

/**
 * Rate-limit alerts (Settings → "Rate limit alerts", on by default, and only while "Email
 * notifications" is on): a mail when the account reaches 80 % and 100 % of its hourly or daily
 * limit. A row per account/window/level, inserted with the mail in one transaction, makes each
 * alert go out once even when several instances cross the same level at once.
 */
export function createLimitAlerts(deps: {
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>;
  users: Pick<UserService, 'get'>;
  settings: Pick<SettingsService, 'get'>;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  logger: FastifyBaseLogger;
  /**
   * Settings → "Webhook notifications": the same crossings (80 % and 100 %) as account.limit_reached
   * events for the default webhook URL, queued under the same claim, so once across instances too.
   */
  events?: { emit(userId: string, event: 'account.limit_reached', data: object, executor: Executor): Promise<unknown> };
  alerts: LimitAlertsRepository;
}) {
  const { ctx, alerts } = deps;

  async function send(userId: string, crossings: LimitCrossing[]): Promise<void> {
    const settings = await deps.settings.get(userId);
    const byMail = settings.notifications.email && settings.api.rateLimitAlerts;
    // Whether a default URL is set is asked in the transaction (no URL: nothing queued, no error).
    const byWebhook = deps.events !== undefined && settings.api.webhooks;
    if (!byMail && !byWebhook) return;
    const user = await deps.users.get(userId);
    const at = ctx.now();
    let queued = false;
    await ctx.db.transaction().execute(async (trx) => {
      for (const crossing of crossings) {
        // One claim per crossing, whatever the channels: each alert goes out once on each.
        if (!(await alerts.claim({ userId, window: crossing.window, windowStart: crossing.windowStart, level: crossing.level }, at, trx))) continue;
        if (byWebhook) {
          const data = { window: crossing.window, level: crossing.level, limit: crossing.limit, windowStart: new Date(crossing.windowStart).toISOString(), resetAt: new Date(crossing.resetAt).toISOString() };
          await deps.events?.emit(userId, 'account.limit_reached', data, trx);
        }
        if (!byMail) continue;
        await deps.mail.enqueue(
          {
            userId,
            kind: 'rate-limit-alert',
            to: user.email,
            content: limitAlertMail({
              firstName: user.first_name,
              window: crossing.window,
              level: crossing.level,
              limit: crossing.limit,
              resetAt: new Date(crossing.resetAt),
              settingsUrl: `${ctx.config.linkBaseUrl}/app/settings`,
            }),
          },
          trx,
        );
        queued = true;
      }
    });
    if (queued) deps.mail.wake();
  }

  return {
    /** Called by the quota with the levels an admission crossed; an alert that fails only logs. */
    async crossed(userId: string, crossings: LimitCrossing[]): Promise<void> {
      try {
        await send(userId, crossings);
      } catch (error) {
        deps.logger.warn({ err: error, userId }, 'rate-limit alert not queued');
      }
    },

    deleteForUser: alerts.deleteForUser,
  };
}

export type LimitAlerts = ReturnType<typeof createLimitAlerts>;
