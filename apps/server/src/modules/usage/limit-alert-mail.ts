import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export function limitAlertMail(input: { firstName: string; window: 'hour' | 'day'; level: number; limit: number; resetAt: Date; settingsUrl: string }): ComposedMail {
  const period = input.window === 'hour' ? 'hourly' : 'daily';
  const reached = input.level >= 100;
  return composeMail({
    subject: reached ? `You reached your ${period} limit` : `You used ${input.level}% of your ${period} limit`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      reached
        ? `Your Altwise account used all ${input.limit} requests of its ${period} limit. Further requests are refused (429) until the limit resets.`
        : `Your Altwise account used ${input.level}% of its ${period} limit of ${input.limit} requests.`,
      `The limit resets at ${input.resetAt.toUTCString()}.`,
    ],
    action: { label: 'Review your usage settings', url: input.settingsUrl },
    closing: ['You can turn these alerts off with "Rate limit alerts" in your settings.'],
  });
}
