import type { Settings, SettingsUpdate } from '@altwise/shared';
import { DEFAULT_SETTINGS, SESSION_TIMEOUT_SECONDS, settingsSchema } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { createSettingsRepository } from './settings.repository';

/** Stored settings over the defaults, section by section, so new fields get their default. */
function withDefaults(stored: unknown): Settings {
  const value = (stored ?? {}) as Partial<Record<keyof Settings, object>>;
  const merged = {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...value.notifications },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...value.privacy },
    security: { ...DEFAULT_SETTINGS.security, ...value.security },
    api: { ...DEFAULT_SETTINGS.api, ...value.api },
  };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
}

export function createSettingsService(ctx: AppContext) {
  const settings = createSettingsRepository(ctx.db);

  return {
    async get(userId: string): Promise<Settings> {
      const stored = await settings.find(userId);
      return withDefaults(stored ? JSON.parse(stored) : null);
    },

    async update(userId: string, changes: SettingsUpdate): Promise<Settings> {
      const current = await this.get(userId);
      const next = withDefaults({
        notifications: { ...current.notifications, ...changes.notifications },
        privacy: { ...current.privacy, ...changes.privacy },
        security: { ...current.security, ...changes.security },
        api: { ...current.api, ...changes.api },
      });
      await settings.save(userId, JSON.stringify(next), ctx.now());
      return next;
    },

    /** The user's session timeout: how long a refresh token may sit unused. */
    async sessionIdleLimitMs(userId: string): Promise<number> {
      const { security } = await this.get(userId);
      return SESSION_TIMEOUT_SECONDS[security.sessionTimeout] * 1000;
    },

    delete: (userId: string) => settings.delete(userId),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
