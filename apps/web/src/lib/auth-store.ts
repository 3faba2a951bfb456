import type { AuthResponse, LoginRequest, RegisterRequest, TwoFactorChallenge, UpdateUserRequest, User } from '@altwise/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { api, ApiError, configureApiAuth, refreshOnce } from './api-client';
import { withCrossTabLock } from './cross-tab-lock';
import { queryClient } from './query-client';

export const AUTH_STORAGE_NAME = 'auth-storage';
/**
 * Keys where earlier versions mirrored the tokens (docs/product-decisions.md#sessions). Tokens no longer touch storage (one
 * XSS would carry them away): the refresh token is an HttpOnly cookie and the access token lives
 * in memory. These keys are removed on start so an upgrade leaves no live token behind.
 */
export const LEGACY_TOKEN_KEYS = ['authToken', 'refreshToken'] as const;

/**
 * Why the last session ended: the user chose to leave (they go to the landing page), or the
 * session ended under them (expired, revoked, signed out everywhere: they go to /login).
 */
export type SignOutReason = 'user' | 'session-ended';

export interface AuthState {
  /** The access token, in memory only. */
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  signOutReason: SignOutReason | null;
  /** This session began by creating the account (not kept across reloads): the greeting is "Welcome", not "Welcome back". */
  newAccount: boolean;
  /** The session's user, or for an account with two-factor sign-in the challenge of the second step. */
  login(credentials: LoginRequest): Promise<User | TwoFactorChallenge>;
  /** The second step: the challenge's token and a code from the app (or a recovery code). */
  completeTwoFactor(challengeToken: string, code: string): Promise<User>;
  register(data: RegisterRequest): Promise<User>;
  /** Clears the local session first, then tells the server (fire and forget). */
  logout(reason?: SignOutReason): void;
  /** Exchanges the session cookie for an access token; on failure logs out and rethrows. */
  refresh(): Promise<void>;
  /** Sends the changed fields, then merges them into the stored user. */
  updateUser(changes: UpdateUserRequest): Promise<User>;
  setUser(user: User): void;
}

/** Login, register and refresh answer the token at the top level or under tokens (docs/product-decisions.md#sessions). */
type TokenPayload = Partial<Pick<AuthResponse, 'token' | 'tokens'>> & { user?: User };

function readAccessToken(payload: TokenPayload): string | null {
  return payload.token ?? payload.tokens?.accessToken ?? null;
}

/** Every tab refreshes under this lock, so no two present the same refresh cookie at once. */
export const REFRESH_LOCK_NAME = 'altwise-session-refresh';
/** Delays before retrying a refresh the server answered 409 (it lost a race to another tab's). */
const SUPERSEDED_RETRY_DELAYS_MS = [100, 400, 1_000];
/**
 * A refresh holds the cross-tab lock: one that never answers (a dead connection) must not hold
 * every tab's refresh behind it, so it is abandoned after this long (and the session kept).
 */
export const REFRESH_TIMEOUT_MS = 10_000;

/**
 * POST /auth/refresh with the cookie. A 409 means another tab's concurrent refresh rotated the
 * cookie a moment ago (only possible where the cross-tab lock is not exact): the browser holds
 * that newer cookie by now, or will in a moment, so the exchange is retried rather than ending
 * the session.
 */
async function postRefresh(): Promise<TokenPayload> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The session refresh got no answer', 'TimeoutError')), REFRESH_TIMEOUT_MS);
  try {
    return await api.post<TokenPayload>('/auth/refresh', undefined, { auth: false, session: true, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

async function exchangeRefreshCookie(): Promise<TokenPayload> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postRefresh();
    } catch (error) {
      const delay = SUPERSEDED_RETRY_DELAYS_MS[attempt];
      if (!(error instanceof ApiError && error.status === 409) || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The server refused the refresh cookie (401/403), or kept answering that another tab had just rotated it. */
export function sessionRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 409);
}

function removeLegacyTokens(): void {
  try {
    for (const key of LEGACY_TOKEN_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); then nothing was stored either.
  }
}

const signedOut = {
  token: null,
  user: null,
  isAuthenticated: false,
  isLoading: false,
  signOutReason: null,
  newAccount: false,
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => {
      const startSession = (payload: TokenPayload, newAccount = false): User => {
        const token = readAccessToken(payload);
        if (!token || !payload.user) throw new Error('The server answered without a session');
        set({ token, user: payload.user, isAuthenticated: true, isLoading: false, signOutReason: null, newAccount });
        return payload.user;
      };

      return {
        ...signedOut,

        async login(credentials) {
          set({ isLoading: true });
          try {
            const payload = await api.post<TokenPayload | TwoFactorChallenge>('/auth/login', credentials, { auth: false, session: true });
            if ('twoFactorRequired' in payload && payload.twoFactorRequired) {
              set({ isLoading: false });
              return payload;
            }
            return startSession(payload as TokenPayload);
          } catch (error) {
            set({ isLoading: false });
            throw error;
          }
        },

        async completeTwoFactor(challengeToken, code) {
          set({ isLoading: true });
          try {
            const payload = await api.post<TokenPayload>('/auth/login/two-factor', { challengeToken, code }, { auth: false, session: true });
            return startSession(payload);
          } catch (error) {
            set({ isLoading: false });
            throw error;
          }
        },

        async register(data) {
          set({ isLoading: true });
          try {
            const payload = await api.post<TokenPayload>('/auth/register', data, { auth: false, session: true });
            return startSession(payload, true);
          } catch (error) {
            set({ isLoading: false });
            throw error;
          }
        },

        logout(reason = 'user') {
          set({ ...signedOut, signOutReason: reason });
          queryClient.clear();
          // The server revokes the cookie's session and clears the cookie.
          void api.post('/auth/logout', undefined, { auth: false, session: true }).catch(() => {
            // The local session is already gone; a failed server call changes nothing for the user.
          });
        },

        async refresh() {
          try {
            const payload = await withCrossTabLock(REFRESH_LOCK_NAME, exchangeRefreshCookie);
            const token = readAccessToken(payload);
            if (!token) throw new Error('The server answered without a token');
            set({ token, user: payload.user ?? get().user, isAuthenticated: true });
          } catch (error) {
            // Only the server's refusal ends the session. A request that never got an answer (the
            // page navigating away mid-refresh, a dropped connection, a 5xx) says nothing about the
            // session, and signing out then would wipe the stored profile that the next page load
            // (with the cookie still valid) needs.
            if (sessionRefused(error) && get().isAuthenticated) get().logout('session-ended');
            throw error;
          }
        },

        async updateUser(changes) {
          const response = await api.put<{ user?: User } | undefined>('/v1/user', changes);
          const current = get().user;
          const merged = { ...current, ...response?.user, ...changes } as User;
          set({ user: merged });
          return merged;
        },

        setUser(user) {
          set({ user });
        },
      };
    },
    {
      name: AUTH_STORAGE_NAME,
      storage: createJSONStorage(() => localStorage),
      // Only what renders the signed-in shell after a reload; the token comes from a refresh.
      partialize: ({ user }) => ({ user }),
      // Version 0 stored both tokens: migrating keeps the profile and drops them.
      version: 1,
      migrate: (persisted) => ({ user: (persisted as { user?: User | null } | undefined)?.user ?? null }),
      merge: (persisted, current) => {
        const user = (persisted as { user?: User | null } | undefined)?.user ?? null;
        return { ...current, user, isAuthenticated: user !== null };
      },
    },
  ),
);

removeLegacyTokens();

configureApiAuth({
  getAccessToken: () => useAuthStore.getState().token,
  hasSession: () => useAuthStore.getState().isAuthenticated,
  refresh: () => useAuthStore.getState().refresh(),
  signOut: () => {
    if (useAuthStore.getState().isAuthenticated) useAuthStore.getState().logout('session-ended');
  },
});

/**
 * On load: a persisted profile means a session may live in the cookie; exchange it for an access
 * token now (a dead one signs the user out and the guards send them to /login).
 */
export function restoreSession(): Promise<void> {
  const { isAuthenticated, token } = useAuthStore.getState();
  if (!isAuthenticated || token) return Promise.resolve();
  return refreshOnce().catch(() => undefined);
}
