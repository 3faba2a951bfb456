import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@altwise/shared';
import { API_KEY_PREFIX, getPlan, MAX_ACTIVE_API_KEYS } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { decrypt, encrypt, hmacHex, randomBase62 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createLruCache } from '../../platform/lru-cache';
import type { AccountQuotaService } from '../usage/quota.service';
import type { UsageService } from '../usage/usage.service';
import type { UserService } from '../users/user.service';
import type { ApiKeyRow } from './api-key.repository';
import { createApiKeyRepository } from './api-key.repository';

const KEY_BODY_LENGTH = 40;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${KEY_BODY_LENGTH}}$`);
/** last_used_at is kept to the minute: one write per key per minute, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;
const TOO_MANY_KEYS = `An account can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one to create another.`;

export interface ApiKeyServiceDeps {
  users: Pick<UserService, 'get' | 'findById'>;
  quota: Pick<AccountQuotaService, 'status'>;
  usage: Pick<UsageService, 'keyUsage'>;
}

/**
 * Authentications are remembered for a few seconds, so a client's burst of calls does not pay an
 * HMAC, two SELECTs and an account check each time. A revoke or an account deletion in this
 * process forgets the key at once (the next request is a 401). Other instances of the server keep
 * a revoked key working for at most AUTH_CACHE_TTL_MS: the price of the cache, kept small. The
 * account's plan is NOT cached: quotas read it on every admission.
 */
export const AUTH_CACHE_TTL_MS = 5_000;
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
  const keys = createApiKeyRepository(ctx.db);
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
  }

  async function toApiKeys(userId: string, rows: ApiKeyRow[]): Promise<ApiKey[]> {
    const at = ctx.now();
    const [status, usage] = await Promise.all([
      deps.quota.status(userId, at),
      deps.usage.keyUsage(userId, rows.map((row) => row.id), at),
    ]);
    const plan = getPlan(status.plan);
    return rows.map((row) => ({
      id: row.id,
      apiKey: decrypt(ctx.keys.encryption, row.key_ciphertext),
      userId: row.user_id,
      plan: plan.id,
      limits: plan.limits,
      remainingRequests: { hour: status.hour.remaining, day: status.day.remaining },
      usage: usage.get(row.id) ?? { hour: 0, day: 0 },
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
      status: row.status === 'active' ? 'active' : 'revoked',
    }));
  }

  async function findActive(rawKey: string) {
    // Anything not shaped like a key is refused before hashing or touching the database.
    if (!KEY_PATTERN.test(rawKey)) return undefined;
    return keys.findActiveByHash(hash(rawKey));
  }

  return {
    /** The plan in the body is ignored (the account's plan applies); another userId is refused. */
    async create(callerId: string, body: { userId?: string; plan?: string }): Promise<ApiKey> {
      if (body.userId !== undefined && body.userId !== callerId) {
        throw AppError.forbidden('You can only create API keys for your own account');
      }
      await deps.users.get(callerId);
      if ((await keys.countActive(callerId)) >= MAX_ACTIVE_API_KEYS) throw AppError.conflict(TOO_MANY_KEYS);

      const rawKey = API_KEY_PREFIX + randomBase62(KEY_BODY_LENGTH);
      const row: ApiKeyRow = {
        id: randomUUID(),
        user_id: callerId,
        key_hash: hash(rawKey),
        key_ciphertext: encrypt(ctx.keys.encryption, rawKey),
        status: 'active',
        created_at: ctx.now(),
        last_used_at: null,
        revoked_at: null,
      };
      await keys.insert(row);
      // Two creates racing past the count above: whoever then sees more than the limit withdraws,
      // so the limit holds on PostgreSQL too (both may withdraw; neither can overshoot).
      if ((await keys.countActive(callerId)) > MAX_ACTIVE_API_KEYS) {
        await keys.delete(row.id);
        throw AppError.conflict(TOO_MANY_KEYS);
      }
      const [created] = await toApiKeys(callerId, [row]);
      return created!;
    },

    /** Active keys only, oldest first. */
    async list(userId: string): Promise<ApiKey[]> {
      await deps.users.get(userId);
      return toApiKeys(userId, await keys.listActive(userId));
    },

    /** From the caller's view: another account's key is not a valid key for them. */
    async validate(userId: string, rawKey: string): Promise<boolean> {
      const row = await findActive(rawKey);
      return row?.user_id === userId;
    },

    /** Revokes at once; an unknown id and another account's key are both 404. */
    async revoke(userId: string, id: string): Promise<void> {
      const revoked = await keys.revoke(id, userId, ctx.now());
      forget((entry) => entry.caller.apiKeyId === id);
      if (!revoked) throw AppError.notFound('API key not found');
    },

    /** For the X-API-Key guard: an active key of an active account, or null. */
    async authenticate(rawKey: string): Promise<Caller | null> {
      // Anything not shaped like a key is refused before hashing or touching the database.
      if (!KEY_PATTERN.test(rawKey)) return null;
      const keyHash = hash(rawKey);
      const now = ctx.now();
      let entry = remembered.get(keyHash);
      if (!entry) {
        const epochAtRead = invalidations;
        const row = await keys.findActiveByHash(keyHash);
        if (!row) return null;
        const owner = await deps.users.findById(row.user_id);
        if (!owner || owner.status !== 'active') return null;
        entry = { caller: { userId: row.user_id, apiKeyId: row.id }, lastUsedAt: row.last_used_at };
        // A revoke or deletion that ran while we read may have been read around: do not remember.
        if (epochAtRead === invalidations) remembered.set(keyHash, entry);
      }
      // last_used_at keeps its one-minute resolution whether or not the key came from memory.
      if (entry.lastUsedAt === null || now - entry.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
        entry.lastUsedAt = now;
        await keys.touch(entry.caller.apiKeyId!, now, now - LAST_USED_RESOLUTION_MS);
      }
      return { ...entry.caller };
    },

    async deleteForUser(userId: string): Promise<void> {
      await keys.deleteForUser(userId);
      forget((entry) => entry.caller.userId === userId);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
