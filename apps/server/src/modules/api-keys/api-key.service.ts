import type { Executor } from '../../db/executor';
import type { Revocation, RevocationBus } from '../auth';
import { randomUUID } from 'node:crypto';
import type { ApiKey, CreateApiKeyRequest } from '@altwise/shared';
import { API_KEY_PREFIX, defaultApiKeyName, getPlan, HOUR_MS, MAX_ACTIVE_API_KEYS } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import type { RateLimiter } from '../rate-limits';
import type { AppContext } from '../../platform/context';
import { decrypt, encrypt, hmacHex, randomBase62 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createLruCache } from '../../platform/lru-cache';
import type { AccountQuotaService } from '../usage';
import type { UsageService } from '../usage';
import type { UserService } from '../users';
import type { ApiKeyRepository, ApiKeyRow } from './api-key.repository';

const KEY_BODY_LENGTH = 40;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${KEY_BODY_LENGTH}}$`);
/** last_used_at is kept to the minute: one write per key per minute, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;
const TOO_MANY_KEYS = `An account can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one to create another.`;
/** Reveals per account per hour: plenty for a person clicking the eye, too few to harvest keys. */
export const REVEALS_PER_HOUR = 60;

/** How a key is listed: the prefix and its last four characters, never the secret middle. */
export function maskKey(rawKey: string): string {
  return `${API_KEY_PREFIX}…${rawKey.slice(-4)}`;
}

export interface ApiKeyServiceDeps {
  keys: ApiKeyRepository;
  users: Pick<UserService, 'get' | 'findById'>;
  quota: Pick<AccountQuotaService, 'status'>;
  usage: Pick<UsageService, 'keyUsage'>;
  revocations: Pick<RevocationBus, 'publish'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /**
   * Settings → "Webhook notifications": api_key.created and api_key.revoked go to the account's
   * default webhook URL, queued in the key's own transaction (the jobs module's deliveries).
   */
  events?: { emit(userId: string, event: 'api_key.created' | 'api_key.revoked', data: object, executor: Executor): Promise<unknown> };
}

/**
 * Authentications are remembered for a few seconds, so a client's burst of calls does not pay an
 * HMAC, two SELECTs and an account check each time. A revoke or an account deletion forgets the
 * key at once here and, through the revocation bus, on every other instance within milliseconds;
 * AUTH_CACHE_TTL_MS bounds it should a notification be lost. The
 * account's plan is NOT cached: quotas read it on every admission.
 */
export const AUTH_CACHE_TTL_MS = 1_000;
const AUTH_CACHE_MAX_ENTRIES = 10_000;

interface RememberedKey {
  caller: Caller;
  lastUsedAt: number | null;
}

/**
 * API keys: `ak_live_` + 40 base62 characters (238 bits). Stored as an HMAC for lookup and as
 * AES-256-GCM ciphertext so the owner can see it again; never as plaintext. Limits belong to the
 * account, so every key shows the account's plan, limits and remaining requests.
 */
export function createApiKeyService(ctx: AppContext, deps: ApiKeyServiceDeps) {
  const { keys } = deps;
  // The purpose prefix keeps these hashes apart from the refresh-token hashes made with the same key.
  const hash = (rawKey: string) => hmacHex(ctx.keys.lookup, `api-key:${rawKey}`);
  // Keyed by the lookup hash, so no plaintext key is kept (the HMAC costs microseconds; the
  // queries it saves cost far more).
  const remembered = createLruCache<string, RememberedKey>({
    maxEntries: AUTH_CACHE_MAX_ENTRIES,
    ttlMs: AUTH_CACHE_TTL_MS,
    now: ctx.now,
  });

  // Bumped by every revoke and deletion, so a lookup that overlapped one is not remembered.
  let invalidations = 0;
  function forget(predicate: (entry: RememberedKey) => boolean): void {
    invalidations += 1;
    remembered.deleteWhere(predicate);
    // A request after the revoke must not join a read that began before it.
    lookups.clear();
  }

  // Reads in progress by lookup hash (see authenticate).
  const lookups = new Map<string, Promise<RememberedKey | null>>();
  async function readKey(keyHash: string): Promise<RememberedKey | null> {
    const epochAtRead = invalidations;
    const row = await keys.findActiveByHash(keyHash);
    if (!row) return null;
    const owner = await deps.users.findById(row.user_id);
    if (!owner || owner.status !== 'active') return null;
    const entry = { caller: { userId: row.user_id, apiKeyId: row.id }, lastUsedAt: row.last_used_at };
    // A revoke or deletion that ran while we read may have been read around: do not remember.
    if (epochAtRead === invalidations) remembered.set(keyHash, entry);
    return entry;
  }

  async function toApiKeys(userId: string, rows: ApiKeyRow[], shown: 'full' | 'masked'): Promise<ApiKey[]> {
    const at = ctx.now();
    const [status, usage] = await Promise.all([
      deps.quota.status(userId, at),
      deps.usage.keyUsage(
        userId,
        rows.map((row) => row.id),
        at,
      ),
    ]);
    const plan = getPlan(status.plan);
    return rows.map((row) => {
      const rawKey = decrypt(ctx.keys.encryption, row.key_ciphertext);
      return {
        id: row.id,
        name: row.name ?? defaultApiKeyName(rawKey),
        apiKey: shown === 'full' ? rawKey : maskKey(rawKey),
        masked: shown === 'masked',
        userId: row.user_id,
        plan: plan.id,
        limits: plan.limits,
        remainingRequests: { hour: status.hour.remaining, day: status.day.remaining },
        usage: usage.get(row.id) ?? { hour: 0, day: 0 },
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
        status: row.status === 'active' ? 'active' : 'revoked',
      };
    });
  }

  async function findActive(rawKey: string) {
    // Anything not shaped like a key is refused before hashing or touching the database.
    if (!KEY_PATTERN.test(rawKey)) return undefined;
    return keys.findActiveByHash(hash(rawKey));
  }

  return {
    /**
     * The plan in the body is ignored (the account's plan applies); another userId is refused.
     * Without a name (the original create call sends none: docs/product-decisions.md#api-keys) the key is named after its last four characters.
     */
    async create(callerId: string, body: CreateApiKeyRequest): Promise<ApiKey> {
      if (body.userId !== undefined && body.userId !== callerId) {
        throw AppError.forbidden('You can only create API keys for your own account');
      }
      await deps.users.get(callerId);

      const rawKey = API_KEY_PREFIX + randomBase62(KEY_BODY_LENGTH);
      const row: Omit<ApiKeyRow, 'active_slot'> = {
        id: randomUUID(),
        user_id: callerId,
        name: body.name?.trim() || defaultApiKeyName(rawKey),
        key_hash: hash(rawKey),
        key_ciphertext: encrypt(ctx.keys.encryption, rawKey),
        status: 'active',
        created_at: ctx.now(),
        last_used_at: null,
        revoked_at: null,
      };
      const events = deps.events;
      // Never the key itself in the event: its id and name identify it.
      const onCreated = events && ((trx: Executor) => events.emit(callerId, 'api_key.created', { apiKey: { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() } }, trx).then(() => undefined));
      if (!(await keys.insertInFreePlace(row, MAX_ACTIVE_API_KEYS, onCreated))) throw AppError.conflict(TOO_MANY_KEYS);
      // The one moment the key is returned in full without a reveal.
      const [created] = await toApiKeys(callerId, [{ ...row, active_slot: null }], 'full');
      return created!;
    },

    /** Active keys only, oldest first, masked: one stolen session must not list every secret. */
    async list(userId: string): Promise<ApiKey[]> {
      await deps.users.get(userId);
      return toApiKeys(userId, await keys.listActive(userId), 'masked');
    },

    /**
     * One key in full, for its owner's eye and copy buttons: rate-limited per account and recorded
     * (an audit row; no quota is charged). An unknown, revoked or another account's key is a 404.
     */
    async reveal(userId: string, id: string, ip: string): Promise<string> {
      const { count, retryAfterSeconds } = await deps.rateLimiter.hit(`api-key-reveal:${userId}`, HOUR_MS);
      if (count > REVEALS_PER_HOUR) {
        throw AppError.tooManyRequests('Too many API key reveals. Try again later.', retryAfterSeconds);
      }
      const row = await keys.findActiveOfUser(id, userId);
      if (!row) throw AppError.notFound('API key not found');
      await keys.recordReveal({
        id: randomUUID(),
        api_key_id: row.id,
        user_id: userId,
        ip,
        created_at: ctx.now(),
      });
      return decrypt(ctx.keys.encryption, row.key_ciphertext);
    },

    /** From the caller's view: another account's key is not a valid key for them. */
    async validate(userId: string, rawKey: string): Promise<boolean> {
      const row = await findActive(rawKey);
      return row?.user_id === userId;
    },

    /** Revokes at once; an unknown id and another account's key are both 404. */
    async revoke(userId: string, id: string): Promise<void> {
      const at = ctx.now();
      const events = deps.events;
      const revoked = await keys.revoke(
        id,
        userId,
        at,
        events &&
          ((trx, key) => {
            const name = key.name ?? defaultApiKeyName(decrypt(ctx.keys.encryption, key.key_ciphertext));
            return events.emit(userId, 'api_key.revoked', { apiKey: { id, name, revokedAt: new Date(at).toISOString() } }, trx).then(() => undefined);
          }),
      );
      forget((entry) => entry.caller.apiKeyId === id);
      if (!revoked) throw AppError.notFound('API key not found');
      await deps.revocations.publish({ kind: 'api-key', id });
    },

    /** For the X-API-Key guard: an active key of an active account, or null. */
    async authenticate(rawKey: string): Promise<Caller | null> {
      // Anything not shaped like a key is refused before hashing or touching the database.
      if (!KEY_PATTERN.test(rawKey)) return null;
      const keyHash = hash(rawKey);
      const now = ctx.now();
      let entry: RememberedKey | null | undefined = remembered.get(keyHash);
      if (!entry) {
        // Concurrent requests of one key share one read (a burst on a cold cache would otherwise
        // queue a read each on the pool), and then one entry, so one touch.
        let reading = lookups.get(keyHash);
        if (!reading) {
          const read = readKey(keyHash).finally(() => {
            if (lookups.get(keyHash) === read) lookups.delete(keyHash);
          });
          lookups.set(keyHash, read);
          reading = read;
        }
        entry = await reading;
        if (!entry) return null;
      }
      // last_used_at keeps its one-minute resolution whether or not the key came from memory.
      if (entry.lastUsedAt === null || now - entry.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
        entry.lastUsedAt = now;
        await keys.touch(entry.caller.apiKeyId!, now, now - LAST_USED_RESOLUTION_MS);
      }
      return { ...entry.caller };
    },

    /** On the account deletion's transaction; every instance forgets the keys once it commits. */
    async deleteForUser(userId: string, trx?: Executor): Promise<void> {
      await keys.deleteForUser(userId, trx);
      forget((entry) => entry.caller.userId === userId);
    },

    /** Told by the revocation bus, here and on every other instance. */
    forgetRevoked(revocation: Revocation): void {
      forget((entry) => (revocation.kind === 'api-key' ? entry.caller.apiKeyId === revocation.id : entry.caller.userId === revocation.id));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
