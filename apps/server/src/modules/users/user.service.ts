import { randomUUID } from 'node:crypto';
import type { User } from '@altwise/shared';
import type { updateUserRequestSchema } from '@altwise/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createLruCache } from '../../platform/lru-cache';
import type { UserRepository, UserRow } from './user.repository';

export function toUser(row: UserRow): User {
  return {
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    company: row.company,
    plan: row.plan,
    status: row.status,
    emailVerified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const EMAIL_TAKEN = 'An account with this email already exists';

/** Unique-constraint violations on both dialects. */
function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string };
  return err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === '23505';
}

// Every admission reads the account's plan; remembered this long per instance (a plan change here
// forgets it at once; on another instance it is seen within this time).
const PLAN_CACHE_TTL_MS = 1_000;

export function createUserService(ctx: AppContext, users: UserRepository) {
  const plans = createLruCache<string, { plan: string }>({ maxEntries: 10_000, ttlMs: PLAN_CACHE_TTL_MS, now: Date.now });
  return {
    async create(input: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      company?: string | null;
    }): Promise<UserRow> {
      if (await users.findByEmail(input.email)) throw AppError.conflict(EMAIL_TAKEN);
      const now = ctx.now();
      const row: UserRow = {
        id: randomUUID(),
        session_version: 0,
        email: input.email,
        password_hash: input.passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        company: input.company || null,
        plan: 'free',
        status: 'active',
        // Proven later by the link mailed at registration (auth's email verification).
        email_verified_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await users.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(EMAIL_TAKEN);
        throw error;
      }
      return row;
    },

    findByEmail: (email: string) => users.findByEmail(email),
    findById: (id: string) => users.findById(id),
    listAll: () => users.listAll(),

    async get(id: string): Promise<UserRow> {
      const row = await users.findById(id);
      if (!row) throw AppError.unauthorized('Account not found');
      return row;
    },

    /**
     * Only the names and company; plan, status and ids are never taken from a body. The email
     * changes through its own confirmed flow (auth's email-change service), never here.
     */
    async updateProfile(id: string, changes: Omit<z.output<typeof updateUserRequestSchema>, 'email' | 'currentPassword' | 'code'>): Promise<User> {
      await this.get(id);
      await users.update(id, {
        ...(changes.firstName !== undefined && { first_name: changes.firstName }),
        ...(changes.lastName !== undefined && { last_name: changes.lastName }),
        ...(changes.company !== undefined && { company: changes.company || null }),
        updated_at: ctx.now(),
      });
      return toUser(await this.get(id));
    },

    /** 409 when another account signs in with `email`. */
    async assertEmailFree(id: string, email: string): Promise<void> {
      const other = await users.findByEmail(email);
      if (other && other.id !== id) throw AppError.conflict(EMAIL_TAKEN);
    },

    /** A confirmed change of address (or its undo), on the caller's transaction; ends every access token. */
    async setEmail(id: string, email: string, trx: Executor): Promise<void> {
      try {
        await users.setEmail(id, email, ctx.now(), trx);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(EMAIL_TAKEN);
        throw error;
      }
    },

    /** A followed verification link (or reset link) for the address the account still uses; false otherwise. */
    markEmailVerified: (id: string, email: string, trx?: Executor) => users.markEmailVerified(id, email, ctx.now(), trx),
    /** Whether mail other than verification and reset may go to the account's address; null for no account. */
    emailVerified: (id: string, trx?: Executor) => users.emailVerified(id, trx),

    /** On the caller's transaction when given (a plan change with its subscription row). */
    async setPlan(id: string, plan: string, trx?: Executor): Promise<void> {
      await users.update(id, { plan, updated_at: ctx.now() }, trx);
      plans.delete(id);
    },

    /** The account's plan id, for quota admissions (see PLAN_CACHE_TTL_MS). */
    async planOf(id: string): Promise<string> {
      const cached = plans.get(id);
      if (cached) return cached.plan;
      const { plan } = await this.get(id);
      plans.set(id, { plan });
      return plan;
    },
    forgetPlan: (id: string) => plans.delete(id),

    async delete(id: string, trx?: Executor): Promise<void> {
      await users.delete(id, trx);
    },

    /** See access tokens: a token of an older version is refused. Null when the account is gone. */
    sessionVersion: (id: string) => users.sessionVersion(id),
    /** A new password (reset or change), on the caller's transaction; ends every access token too. */
    setPassword: (id: string, passwordHash: string, trx?: Executor) => users.setPasswordHash(id, passwordHash, ctx.now(), trx),
    /** Ends every access token issued so far (logout-all). */
    endSessions: (id: string) => users.bumpSessionVersion(id),
  };
}

export type UserService = ReturnType<typeof createUserService>;
