import Bowser from 'bowser';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import type { MailService } from '../mail';
import type { SettingsService, UserService } from '../users';
import type { KnownDevicesRepository } from './known-devices.repository';
import { loginAlertMail } from './two-factor-mails';

/** A browser or address unseen for this long is new again. */
export const KNOWN_DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

/** Where a sign-in came from, as the request tells it. */
export interface SignInClient {
  ip: string;
  userAgent?: string;
}

/**
 * "Firefox on Windows": the browser and system a maintained parser (bowser) recognises in the user
 * agent, and nothing else of it. The header is the client's own text: written into a mail as is, it
 * would let anyone put a sentence or a link in a security notice sent in our name.
 */
export function describeUserAgent(userAgent: string | undefined): string {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name;
  const system = parsed?.os.name;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return 'an unknown browser';
}

/**
 * Login alerts (Settings → "Login alerts", on by default): a mail when the account signs in from a
 * browser or an address it has not used in KNOWN_DEVICE_MS. Both are kept only as HMACs keyed per
 * account, so the table says nothing about where anyone signs in from.
 */
export function createLoginAlerts(deps: {
  ctx: AppContext;
  users: Pick<UserService, 'get'>;
  settings: Pick<SettingsService, 'get'>;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  devices: KnownDevicesRepository;
}) {
  const { ctx, devices } = deps;
  const hashesOf = (userId: string, client: SignInClient) => [
    hmacHex(ctx.keys.lookup, `known-device:${userId}:agent:${client.userAgent ?? ''}`),
    hmacHex(ctx.keys.lookup, `known-device:${userId}:address:${client.ip}`),
  ];

  return {
    /** Registration: the account's first browser and address are known, with nothing to tell. */
    remember: (userId: string, client: SignInClient) => devices.touch(userId, hashesOf(userId, client), ctx.now()),

    /** A completed sign-in: remembered, and announced when either the browser or the address is new. */
    async signedIn(userId: string, client: SignInClient): Promise<void> {
      const now = ctx.now();
      const hashes = hashesOf(userId, client);
      const seen = await devices.seenSince(userId, hashes, now - KNOWN_DEVICE_MS);
      const isNew = hashes.some((hash) => !seen.has(hash));
      const alert = isNew && (await deps.settings.get(userId)).security.loginAlerts;
      if (!alert) {
        await devices.touch(userId, hashes, now);
        return;
      }
      const user = await deps.users.get(userId);
      await ctx.db.transaction().execute(async (trx) => {
        await devices.touch(userId, hashes, now, trx);
        await deps.mail.enqueue(
          {
            userId,
            kind: 'login-alert',
            to: user.email,
            content: loginAlertMail({
              firstName: user.first_name,
              at: new Date(now),
              userAgent: describeUserAgent(client.userAgent),
              address: client.ip,
              settingsUrl: `${ctx.config.linkBaseUrl}/app/settings`,
            }),
          },
          trx,
        );
      });
      deps.mail.wake();
    },

    deleteForUser: devices.deleteForUser,
  };
}

export type LoginAlerts = ReturnType<typeof createLoginAlerts>;
