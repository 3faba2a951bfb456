import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export interface WeeklyReportFigures {
  weekStart: Date;
  requests: number;
  /** Percent of requests that succeeded, one decimal; null without requests. */
  successRate: number | null;
  topErrors: Array<{ outcome: string; requests: number }>;
  remaining: { hour: number; hourLimit: number; day: number; dayLimit: number };
}

export function weeklyReportMail(input: WeeklyReportFigures & { firstName: string; settingsUrl: string }): ComposedMail {
  const week = input.weekStart.toISOString().slice(0, 10);
  return composeMail({
    subject: `Your Altwise usage for the week of ${week}`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `Requests last week (from Monday ${week}, UTC): ${input.requests}`,
      `Success rate: ${input.successRate === null ? 'no requests' : `${input.successRate}%`}`,
      `Top errors: ${input.topErrors.length === 0 ? 'none' : input.topErrors.map((error) => `${error.outcome} (${error.requests})`).join(', ')}`,
      `Remaining now: ${input.remaining.hour} of ${input.remaining.hourLimit} this hour, ${input.remaining.day} of ${input.remaining.dayLimit} today.`,
    ],
    action: { label: 'Open your settings', url: input.settingsUrl },
    closing: ['You can turn these reports off with "Usage reports" in your settings.'],
  });
}
