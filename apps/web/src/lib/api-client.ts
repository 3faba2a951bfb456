import { SESSION_TRANSPORT_COOKIE, SESSION_TRANSPORT_HEADER } from '@altwise/shared';
import { API_BASE_URL } from './env';

/** An API failure: HTTP status, the server's error code and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** How the client reaches the session without importing the auth store (which imports us). */
export interface ApiAuthBridge {
  /** In memory only: a reload starts without one and refreshes (the refresh token is an HttpOnly cookie). */
  getAccessToken(): string | null;
  /** Whether a session exists that a refresh can renew (a signed-in user, token or not). */
  hasSession(): boolean;
  /** Exchanges the session cookie for a new access token; rejects when that is impossible. */
  refresh(): Promise<void>;
  signOut(): void;
}

let bridge: ApiAuthBridge | null = null;
let refreshing: Promise<void> | null = null;

/** Called once by the auth store at start. */
export function configureApiAuth(next: ApiAuthBridge | null): void {
  bridge = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Sent as X-API-Key when given. */
  apiKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: no bearer header and no refresh on 401 (login, register, refresh itself). */
  auth?: boolean;
  /**
   * The session calls (login, register, refresh, logout): the refresh token travels in an HttpOnly
   * cookie, so they send the transport header (the server's CSRF guard) and the browser's cookies.
   */
  session?: boolean;
}

function buildUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = API_BASE_URL.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = options.auth === false ? null : bridge?.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.session) headers[SESSION_TRANSPORT_HEADER] = SESSION_TRANSPORT_COOKIE;
  return fetch(buildUrl(path), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
    // The cookie is scoped to /api/auth; 'include' also reaches an API on another origin (CORS_ORIGINS).
    // keepalive: a reload during a refresh must not drop the rotated cookie the answer sets (the
    // next load would present the old one, which reuse detection treats as theft).
    ...(options.session ? { credentials: 'include' as const, keepalive: true } : {}),
  });
}

/** The server's error answer as an ApiError (for callers that read a response themselves, such as a stream). */
export async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const error = (payload as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)
    ?.error;
  if (error && typeof error.message === 'string' && error.message) {
    return new ApiError(
      response.status,
      error.message,
      typeof error.code === 'string' ? error.code : undefined,
      error.details,
    );
  }
  return new ApiError(response.status, `HTTP error! status: ${response.status}`);
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One refresh at a time: concurrent 401s (and the refresh on load) wait for the same exchange. */
export function refreshOnce(): Promise<void> {
  if (!bridge) return Promise.reject(new Error('No session'));
  refreshing ??= bridge.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API. On a 401 with a session it refreshes the tokens once and retries once;
 * when the refresh fails the session is signed out and the original error is thrown.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const signedInCall = options.auth !== false && !options.apiKey;
  // After a reload the session has a user but no access token yet: wait for the refresh that
  // brings one instead of sending a call bound to fail.
  if (signedInCall && bridge?.hasSession() && !bridge.getAccessToken()) await refreshOnce().catch(() => undefined);
  let response = await send(path, options);
  const canRefresh = response.status === 401 && signedInCall && Boolean(bridge?.hasSession());
  if (canRefresh) {
    const firstError = await toApiError(response);
    try {
      await refreshOnce();
    } catch (refreshError) {
      // Signed out only when the server refused the session; a refresh lost to the network is not that.
      if (refreshError instanceof ApiError && refreshError.status < 500) bridge?.signOut();
      throw firstError;
    }
    response = await send(path, options);
  }
  if (!response.ok) throw await toApiError(response);
  return parseBody<T>(response);
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The one API client of the web app. */
export const api = {
  get: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A readable message for anything thrown by a call. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
