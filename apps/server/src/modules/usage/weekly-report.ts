import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import type { MailService } from '../mail';
import type { SettingsService, UserService } from '../users';
import type { AccountQuotaService } from './quota.service';
import type { WeeklyReportFigures } from './weekly-report-mail';
import { weeklyReportMail } from './weekly-report-mail';
import type { WeeklyReportRepository } from './weekly-report.repository';

const WEEK_MS = 7 * DAY_MS;
const PAGE = 100;

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStartOf(at: number): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

/** A week's requests, success rate (one decimal) and its three most frequent failed outcomes. */
export function summarise(outcomes: Array<{ outcome: string; requests: number }>): Pick<WeeklyReportFigures, 'requests' | 'successRate' | 'topErrors'> {
  const requests = outcomes.reduce((sum, row) => sum + row.requests, 0);
  const succeeded = outcomes.find((row) => row.outcome === 'success')?.requests ?? 0;
  const topErrors = outcomes
    .filter((row) => row.outcome !== 'success' && row.requests > 0)
    .sort((a, b) => b.requests - a.requests || a.outcome.localeCompare(b.outcome))
    .slice(0, 3);
  return { requests, successRate: requests === 0 ? null : Math.round((succeeded / requests) * 1000) / 10, topErrors };
}

/**
 * Weekly usage reports (Settings → "Usage reports", on by default, and only while "Email
 * notifications" is on): from Monday 00:00 UTC, each account gets last week's requests, success
 * rate, top errors and remaining limits. A row per account and week, written with the mail, makes it
 * once a week per account whichever instance runs `sendDue` and however often instances restart; an
 * account that was off that Monday gets its report when an instance next runs.
 */
export function createWeeklyReports(deps: {
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>;
  users: Pick<UserService, 'get'>;
  settings: Pick<SettingsService, 'get'>;
  quota: Pick<AccountQuotaService, 'status'>;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  logger: FastifyBaseLogger;
  reports: WeeklyReportRepository;
}) {
  const { ctx, reports } = deps;

  async function report(userId: string, weekStart: number): Promise<boolean> {
    const settings = await deps.settings.get(userId);
    const wanted = settings.notifications.email && settings.api.usageReports;
    const at = ctx.now();
    const mail = wanted ? await compose(userId, weekStart, at) : undefined;
    return ctx.db.transaction().execute(async (trx) => {
      // The row is written even when the account wants no report: the week is done with either way.
      if (!(await reports.claim(userId, weekStart, at, trx))) return false;
      if (mail) await deps.mail.enqueue(mail, trx);
      return mail !== undefined;
    });
  }

  async function compose(userId: string, weekStart: number, at: number) {
    const [user, outcomes, status] = await Promise.all([deps.users.get(userId), reports.outcomes(userId, weekStart, weekStart + WEEK_MS), deps.quota.status(userId, at)]);
    const figures = summarise(outcomes);
    return {
      userId,
      kind: 'weekly-usage-report',
      to: user.email,
      content: weeklyReportMail({
        firstName: user.first_name,
        settingsUrl: `${ctx.config.linkBaseUrl}/app/settings`,
        weekStart: new Date(weekStart),
        ...figures,
        remaining: { hour: status.hour.remaining, hourLimit: status.hour.limit, day: status.day.remaining, dayLimit: status.day.limit },
      }),
    };
  }

  return {
    /** Reports last week to every account not yet told; returns how many mails were queued. */
    async sendDue(): Promise<number> {
      const weekStart = weekStartOf(ctx.now()) - WEEK_MS;
      let sent = 0;
      let after = '';
      for (;;) {
        const page = await reports.unreported(weekStart, weekStart + WEEK_MS, after, PAGE);
        for (const userId of page) {
          try {
            if (await report(userId, weekStart)) sent += 1;
          } catch (error) {
            deps.logger.warn({ err: error, userId }, 'weekly usage report not queued; retried at the next run');
          }
        }
        if (page.length < PAGE) break;
        after = page[page.length - 1]!;
      }
      if (sent > 0) deps.mail.wake();
      return sent;
    },

    deleteForUser: reports.deleteForUser,
  };
}

export type WeeklyReports = ReturnType<typeof createWeeklyReports>;
