import type { Executor } from '../../db/executor';
import type { GenerationOptions, Settings, SettingsUpdate } from '@altwise/shared';
import { DEFAULT_SETTINGS, SESSION_TIMEOUT_SECONDS, settingsSchema, TWO_FACTOR_MESSAGES } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createLruCache } from '../../platform/lru-cache';
import type { SettingsRepository } from './settings.repository';

/** The options the account's style adds to a request's: the custom instructions. */
export interface AccountStyleOptions {
  instructions?: string;
}

/** Stored settings over the defaults, section by section, so new fields get their default. */
function withDefaults(stored: unknown): Settings {
  const value = (stored ?? {}) as Partial<Record<keyof Settings, object>>;
  const merged = {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...value.notifications },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...value.privacy },
    security: { ...DEFAULT_SETTINGS.security, ...value.security },
    api: { ...DEFAULT_SETTINGS.api, ...value.api },
    altText: { ...DEFAULT_SETTINGS.altText, ...value.altText },
  };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
}

const ACCOUNT_NOT_FOUND = 'Account not found';

/**
 * How long a generation may use an account's alt-text style read from memory: every generation
 * needs it, and a query each was the largest cost of a cached request after the quota. A change
 * is seen at once on the instance that saved it, within this on the others.
 */
const STYLE_CACHE_TTL_MS = 1_000;

/**
 * `accountExists` lets the screens' reads answer 401 for a deleted account, as every other read does.
 * `twoFactorEnabled` is the truth of security.twoFactor: the switch shows whether two-factor sign-in
 * is on (auth's enrolment), and only that enrolment turns it on or off.
 */
export function createSettingsService(
  ctx: AppContext,
  settings: SettingsRepository,
  accountExists?: (userId: string) => Promise<boolean>,
  twoFactorEnabled?: (userId: string) => Promise<boolean>,
) {
  const styles = createLruCache<string, Settings['altText']>({ maxEntries: 10_000, ttlMs: STYLE_CACHE_TTL_MS, now: Date.now });

  async function withTwoFactor(userId: string, value: Settings): Promise<Settings> {
    if (!twoFactorEnabled) return value;
    return { ...value, security: { ...value.security, twoFactor: await twoFactorEnabled(userId) } };
  }

  return {
    /** In `executor`'s transaction when given (an account event queued with its cause). */
    async get(userId: string, executor?: Executor): Promise<Settings> {
      const stored = await settings.find(userId, executor);
      return withDefaults(stored ? JSON.parse(stored) : null);
    },

    /** The settings screen's read: like get, but a 401 once the account is gone. */
    async read(userId: string): Promise<Settings> {
      if (accountExists && !(await accountExists(userId))) throw AppError.unauthorized(ACCOUNT_NOT_FOUND);
      return withTwoFactor(userId, await this.get(userId));
    },

    async update(userId: string, changes: SettingsUpdate): Promise<Settings> {
      const current = await withTwoFactor(userId, await this.get(userId));
      // A switch that flipped a stored boolean while sign-in never asked was worse than none.
      if (changes.security?.twoFactor !== undefined && changes.security.twoFactor !== current.security.twoFactor) {
        throw AppError.validationFailed([{ field: 'security.twoFactor', message: TWO_FACTOR_MESSAGES.settingsUseEnrolment }]);
      }
      const next = withDefaults({
        notifications: { ...current.notifications, ...changes.notifications },
        privacy: { ...current.privacy, ...changes.privacy },
        security: { ...current.security, ...changes.security },
        api: { ...current.api, ...changes.api },
        altText: { ...current.altText, ...changes.altText },
      });
      const saved = await settings.save(userId, JSON.stringify(next), ctx.now());
      styles.delete(userId);
      if (!saved) throw AppError.unauthorized(ACCOUNT_NOT_FOUND);
      return next;
    },

    /** The user's session timeout: how long a refresh token may sit unused. */
    async sessionIdleLimitMs(userId: string): Promise<number> {
      const { security } = await this.get(userId);
      return SESSION_TIMEOUT_SECONDS[security.sessionTimeout] * 1000;
    },

    /**
     * What a generation is asked with: the account's alt-text style, each field overridden by the
     * request's own option when it gives one. Custom instructions belong to the account only.
     */
    async generationOptions<T extends GenerationOptions>(
      userId: string,
      request: T,
    ): Promise<T & AccountStyleOptions> {
      let style = styles.get(userId);
      if (!style) {
        style = (await this.get(userId)).altText;
        styles.set(userId, style);
      }
      return {
        ...request,
        language: request.language ?? style.language,
        maxLength: request.maxLength ?? style.maxLength,
        trailingPeriod: request.trailingPeriod ?? style.trailingPeriod,
        keywords: request.keywords ?? style.keywords,
        instructions: style.instructions || undefined,
      };
    },

    delete: (userId: string, trx?: Executor) => {
      styles.delete(userId);
      return settings.delete(userId, trx);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
