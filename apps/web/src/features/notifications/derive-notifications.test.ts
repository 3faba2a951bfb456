import { describe, expect, it } from 'vitest';
import { deriveNotifications, usedPercent } from './derive-notifications';

const observedAt = new Date('2025-11-20T12:30:00.000Z');
const formatTime = () => '1:00 PM';
const usage = (hourUsed: number, dayUsed = 0) => ({
  hour: { used: hourUsed, remaining: Math.max(0, 100 - hourUsed), limit: 100, resetTime: '2025-11-20T13:00:00.000Z' },
  day: { used: dayUsed, remaining: Math.max(0, 500 - dayUsed), limit: 500, resetTime: '2025-11-21T00:00:00.000Z' },
});
const activeKey = [{ status: 'active' }];

describe('deriveNotifications', () => {
  it('has nothing to tell below 80% of either limit', () => {
    expect(deriveNotifications({ currentUsage: usage(79, 399), apiKeys: activeKey, observedAt, formatTime })).toEqual([]);
  });

  it('warns at 80% of the hourly limit', () => {
    const [item, ...rest] = deriveNotifications({ currentUsage: usage(80), apiKeys: activeKey, observedAt, formatTime });
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      title: 'You have used 80% of your hourly limit',
      message: '20 of 100 requests left until 1:00 PM.',
      href: '/app/usage',
      tone: 'warning',
      createdAt: '2025-11-20T12:30:00.000Z',
    });
  });

  it('says "85%" at 85 of 100, and rounds down so 99.9% never reads as 100%', () => {
    expect(deriveNotifications({ currentUsage: usage(85), observedAt, formatTime })[0]?.title).toBe(
      'You have used 85% of your hourly limit',
    );
    expect(usedPercent(999, 1000)).toBe(99);
  });

  it('says the limit is reached at 100%, and warns for the daily window too', () => {
    const items = deriveNotifications({ currentUsage: usage(100, 450), apiKeys: activeKey, observedAt, formatTime });
    expect(items.map((item) => item.title)).toEqual(['Hourly limit reached', 'You have used 90% of your daily limit']);
    expect(items[0]).toMatchObject({
      message: 'You have used 100% of your hourly limit. Requests are throttled until 1:00 PM.',
      tone: 'danger',
    });
    expect(items[1]?.message).toBe('50 of 500 requests left until midnight.');
  });

  it('gives each alert an id tied to its window, so a new hour is a new notification', () => {
    const first = deriveNotifications({ currentUsage: usage(90), observedAt, formatTime })[0]!;
    const later = usage(90);
    later.hour.resetTime = '2025-11-20T14:00:00.000Z';
    expect(deriveNotifications({ currentUsage: later, observedAt, formatTime })[0]!.id).not.toBe(first.id);
  });

  it('hints at creating a key when none is active, and not before the keys are known', () => {
    expect(deriveNotifications({ currentUsage: usage(0), apiKeys: [], observedAt })[0]?.title).toBe('No active API key');
    expect(deriveNotifications({ currentUsage: usage(0), apiKeys: [{ status: 'revoked' }], observedAt })[0]).toMatchObject({
      title: 'All your API keys are revoked',
      href: '/app/api-keys',
    });
    expect(deriveNotifications({ currentUsage: usage(0), observedAt })).toEqual([]);
  });

  it('ignores a window without a limit', () => {
    const unlimited = usage(50);
    unlimited.hour.limit = 0;
    expect(deriveNotifications({ currentUsage: unlimited, observedAt })).toEqual([]);
  });
});
