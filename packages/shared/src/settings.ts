import { z } from 'zod';

export const SESSION_TIMEOUTS = ['1h', '8h', '24h', '7d'] as const;
export type SessionTimeout = (typeof SESSION_TIMEOUTS)[number];
export const SESSION_TIMEOUT_SECONDS: Record<SessionTimeout, number> = {
  '1h': 3600,
  '8h': 8 * 3600,
  '24h': 24 * 3600,
  '7d': 7 * 24 * 3600,
};

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
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  notifications: { email: true, push: false, sms: false, marketing: true },
  privacy: { analytics: true, crashReports: true, profileVisibility: 'private' },
  security: { twoFactor: false, loginAlerts: true, sessionTimeout: '24h' },
  api: { rateLimitAlerts: true, usageReports: true, webhooks: false },
};

/** PUT body: any subset of sections and fields; the server merges it over what is stored. */
export const settingsUpdateSchema = z
  .object({
    notifications: settingsSchema.shape.notifications.partial(),
    privacy: settingsSchema.shape.privacy.partial(),
    security: settingsSchema.shape.security.partial(),
    api: settingsSchema.shape.api.partial(),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const settingsResponseSchema = z.object({ settings: settingsSchema });
