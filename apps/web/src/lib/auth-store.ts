import type { AuthResponse, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@altwise/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { api, configureApiAuth } from './api-client';
import { queryClient } from './query-client';

/** Local-storage keys that mirror the tokens (SPEC §3), beside the persisted store. */
export const AUTH_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const AUTH_STORAGE_NAME = 'auth-storage';

/**
 * Why the last session ended: the user chose to leave (they go to the landing page), or the
 * session ended under them (expired, revoked, signed out everywhere: they go to /login).
 */
export type SignOutReason = 'user' | 'session-ended';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  signOutReason: SignOutReason | null;
  login(credentials: LoginRequest): Promise<User>;
  register(data: RegisterRequest): Promise<User>;
  /** Clears the local session first, then tells the server (fire and forget). */
  logout(reason?: SignOutReason): void;
  /** Exchanges the refresh token; on failure logs out and rethrows. */
  refresh(): Promise<void>;
  /** Sends the changed fields, then merges them into the stored user. */
  updateUser(changes: UpdateUserRequest): Promise<User>;
  setUser(user: User): void;
}

/** Login, register and refresh answer both shapes; older servers only one of them. */
type TokenPayload = Partial<Pick<AuthResponse, 'token' | 'refreshToken' | 'tokens'>> & { user?: User };

function readTokens(payload: TokenPayload): { token: string | null; refreshToken: string | null } {
  return {
    token: payload.token ?? payload.tokens?.accessToken ?? null,
    refreshToken: payload.refreshToken ?? payload.tokens?.refreshToken ?? null,
  };
}

function mirrorTokens(token: string | null, refreshToken: string | null): void {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
    if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
    else localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works.
  }
}

const signedOut = {
  token: null,
  refreshToken: null,
  user: null,
  isAuthenticated: false,
  isLoading: false,
  signOutReason: null,
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => {
      const startSession = (payload: TokenPayload): User => {
        const { token, refreshToken } = readTokens(payload);
        if (!token || !payload.user) throw new Error('The server answered without a session');
        mirrorTokens(token, refreshToken);
        set({ token, refreshToken, user: payload.user, isAuthenticated: true, isLoading: false });
        return payload.user;
      };

      return {
        ...signedOut,

        async login(credentials) {
          set({ isLoading: true });
          try {
            const payload = await api.post<TokenPayload>('/auth/login', credentials, { auth: false });
            return startSession(payload);
          } catch (error) {
            set({ isLoading: false });
            throw error;
          }
        },

        async register(data) {
          set({ isLoading: true });
          try {
            const payload = await api.post<TokenPayload>('/auth/register', data, { auth: false });
            return startSession(payload);
          } catch (error) {
            set({ isLoading: false });
            throw error;
          }
        },

        logout(reason = 'user') {
          const { refreshToken } = get();
          mirrorTokens(null, null);
          set({ ...signedOut, signOutReason: reason });
          queryClient.clear();
          void api.post('/auth/logout', refreshToken ? { refreshToken } : {}, { auth: false }).catch(() => {
            // The local session is already gone; a failed server call changes nothing for the user.
          });
        },

        async refresh() {
          const current = get().refreshToken;
          try {
            if (!current) throw new Error('No refresh token');
            const payload = await api.post<TokenPayload>('/auth/refresh', { refreshToken: current }, { auth: false });
            const { token, refreshToken } = readTokens(payload);
            if (!token) throw new Error('The server answered without a token');
            const next = refreshToken ?? current;
            mirrorTokens(token, next);
            set({ token, refreshToken: next, user: payload.user ?? get().user, isAuthenticated: true });
          } catch (error) {
            get().logout();
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
      partialize: ({ token, refreshToken, user, isAuthenticated }) => ({ token, refreshToken, user, isAuthenticated }),
    },
  ),
);

configureApiAuth({
  getAccessToken: () => useAuthStore.getState().token,
  getRefreshToken: () => useAuthStore.getState().refreshToken,
  refresh: () => useAuthStore.getState().refresh(),
  signOut: () => {
    if (useAuthStore.getState().isAuthenticated) useAuthStore.getState().logout('session-ended');
  },
});
