import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_MAX_LENGTH,
  MAX_STYLE_INSTRUCTIONS,
  languageSchema,
  styleKeywordsSchema,
} from './alt-text';

export const SESSION_TIMEOUTS = ['1h', '8h', '24h', '7d'] as const;
export type SessionTimeout = (typeof SESSION_TIMEOUTS)[number];
export const SESSION_TIMEOUT_SECONDS: Record<SessionTimeout, number> = {
  '1h': 3600,
  '8h': 8 * 3600,
  '24h': 24 * 3600,
  '7d': 7 * 24 * 3600,
};

function altTextStyleSchema() {
  return z.object({
    language: languageSchema,
    maxLength: z.number().int().min(20).max(1000),
    trailingPeriod: z.boolean(),
    keywords: styleKeywordsSchema,
    instructions: z
      .string()
      .trim()
      .max(
        MAX_STYLE_INSTRUCTIONS,
        `Custom instructions must be at most ${MAX_STYLE_INSTRUCTIONS} characters`,
      ),
  });
}
export const altTextStyleSettingsSchema = altTextStyleSchema();
export type AltTextStyleSettings = z.infer<typeof altTextStyleSettingsSchema>;

export const settingsSchema = z.object({
  notifications: z.object({
    email: z.boolean(),
    push: z.boolean(),
    sms: z.boolean(),
    marketing: z.boolean(),
  }),
  privacy: z.object({
    analytics: z.boolean(),
    crashReports: z.boolean(),
    profileVisibility: z.enum(['private', 'public']),
  }),
  security: z.object({
    twoFactor: z.boolean(),
    loginAlerts: z.boolean(),
    sessionTimeout: z.enum(SESSION_TIMEOUTS),
  }),
  api: z.object({
    rateLimitAlerts: z.boolean(),
    usageReports: z.boolean(),
    webhooks: z.boolean(),
  }),
  /** The account's alt-text style: the defaults of every generation; request options override them. */
  altText: altTextStyleSchema(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  notifications: { email: true, push: false, sms: false, marketing: true },
  privacy: { analytics: true, crashReports: true, profileVisibility: 'private' },
  security: { twoFactor: false, loginAlerts: true, sessionTimeout: '24h' },
  api: { rateLimitAlerts: true, usageReports: true, webhooks: false },
  altText: {
    language: DEFAULT_LANGUAGE,
    maxLength: DEFAULT_MAX_LENGTH,
    trailingPeriod: false,
    keywords: [],
    instructions: '',
  },
};

/** PUT body: any subset of sections and fields; the server merges it over what is stored. */
export const settingsUpdateSchema = z
  .object({
    notifications: settingsSchema.shape.notifications.partial(),
    privacy: settingsSchema.shape.privacy.partial(),
    security: settingsSchema.shape.security.partial(),
    api: settingsSchema.shape.api.partial(),
    altText: settingsSchema.shape.altText.partial(),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const settingsResponseSchema = z.object({ settings: settingsSchema });
