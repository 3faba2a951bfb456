import type { UsageResponse } from '@altwise/shared';
import { formatNumber } from '@/lib/format';

/** One entry of the top bar's notification list. */
export interface AppNotification {
  /** Stable for as long as the situation lasts (a usage alert carries its window's reset time). */
  id: string;
  title: string;
  message?: string;
  /** ISO date-time: when the situation was observed. */
  createdAt: string;
  read?: boolean;
  /** Optional in-app destination, e.g. '/app/usage'. */
  href?: string;
  tone: 'warning' | 'danger' | 'info';
}

/** Usage at or above this share of a limit is worth telling. */
export const USAGE_WARNING_PERCENT = 80;

type UsageWindows = UsageResponse['currentUsage'];

export interface NotificationInput {
  /** The current hourly and daily windows, when known. */
  currentUsage?: UsageWindows;
  /** The user's API keys' statuses, when known. */
  apiKeys?: ReadonlyArray<{ status: string }>;
  /** When these figures were fetched. */
  observedAt: Date;
  /** Formats a reset time for the message (default: the visitor's local time). */
  formatTime?: (iso: string) => string;
}

const WINDOWS = [
  { key: 'hour', adjective: 'hourly', title: 'Hourly' },
  { key: 'day', adjective: 'daily', title: 'Daily' },
] as const;

function localTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'the next reset' : date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** Whole percent used, rounded down so "100%" only ever means the limit is reached. */
export function usedPercent(used: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.floor((used / limit) * 100);
}

/**
 * What the bell has to tell, derived from figures the app already loads: a usage window at or
 * past 80% of its limit, a limit reached, and an account with no usable API key.
 */
export function deriveNotifications({ currentUsage, apiKeys, observedAt, formatTime = localTime }: NotificationInput): AppNotification[] {
  const createdAt = observedAt.toISOString();
  const result: AppNotification[] = [];

  for (const { key, adjective, title } of WINDOWS) {
    const window = currentUsage?.[key];
    if (!window || window.limit <= 0) continue;
    const percent = usedPercent(window.used, window.limit);
    if (percent < USAGE_WARNING_PERCENT) continue;
    // The daily window resets at UTC midnight, which the usage screen calls "midnight".
    const reset = key === 'hour' ? formatTime(window.resetTime) : 'midnight';
    if (window.used >= window.limit) {
      result.push({
        id: `usage-${key}-limit-${window.resetTime}`,
        title: `${title} limit reached`,
        message: `You have used 100% of your ${adjective} limit. Requests are throttled until ${reset}.`,
        createdAt,
        href: '/app/usage',
        tone: 'danger',
      });
    } else {
      result.push({
        id: `usage-${key}-${USAGE_WARNING_PERCENT}-${window.resetTime}`,
        title: `You have used ${percent}% of your ${adjective} limit`,
        message: `${formatNumber(window.remaining)} of ${formatNumber(window.limit)} requests left until ${reset}.`,
        createdAt,
        href: '/app/usage',
        tone: 'warning',
      });
    }
  }

  if (apiKeys && !apiKeys.some((apiKey) => apiKey.status === 'active')) {
    const revoked = apiKeys.length > 0;
    result.push({
      id: revoked ? 'api-keys-all-revoked' : 'api-keys-none',
      title: revoked ? 'All your API keys are revoked' : 'No active API key',
      message: 'Create a key to call the Altwise API from your own code.',
      createdAt,
      href: '/app/api-keys',
      tone: 'info',
    });
  }
  return result;
}
