import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { listenForNotifications } from '../../db/notifications';
import type { Database } from '../../db/schema';

/** Something that must stop working on every instance at once. */
/** `deleted`: the account itself is gone, so its running work (bulk jobs, webhooks) stops too. */
export type Revocation = { kind: 'api-key'; id: string } | { kind: 'user'; id: string; deleted?: true };

const CHANNEL = 'altwise_revocations';

/**
 * Tells every instance about a revoked key, a logout-all or a deleted account, so their caches of
 * authentications and session versions forget it within milliseconds: PostgreSQL NOTIFY, heard by
 * a LISTEN connection on each instance. On SQLite there is one instance, and the local dispatch is
 * all there is. Caches also expire within a second, in case a notification is missed.
 */
export function createRevocationBus(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  databaseUrl: string | null;
  logger: FastifyBaseLogger;
}) {
  const handlers: Array<(revocation: Revocation) => void> = [];
  const dispatch = (revocation: Revocation) => {
    for (const handler of handlers) handler(revocation);
  };
  const listener =
    deps.dialect === 'postgres' && deps.databaseUrl
      ? listenForNotifications(
          deps.databaseUrl,
          CHANNEL,
          (payload) => {
            try {
              dispatch(JSON.parse(payload) as Revocation);
            } catch {
              deps.logger.warn({ payload }, 'ignored a malformed revocation notice');
            }
          },
          (error) => deps.logger.warn({ err: error }, 'revocation listener lost its connection; reconnecting'),
        )
      : null;

  return {
    subscribe(handler: (revocation: Revocation) => void): void {
      handlers.push(handler);
    },
    /** Forgets locally at once, then tells the other instances. */
    async publish(revocation: Revocation): Promise<void> {
      dispatch(revocation);
      if (deps.dialect === 'postgres') {
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(revocation)})`.execute(deps.db);
      }
    },
    close: async () => listener?.close(),
  };
}

export type RevocationBus = ReturnType<typeof createRevocationBus>;
