import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authResponse, jsonResponse, sampleUser } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import { api, ApiError } from './api-client';
import { REFRESH_TIMEOUT_MS, useAuthStore } from './auth-store';

const fetchMock = mockFetch();

function signIn(token: string | null = 'old-access') {
  useAuthStore.setState({ token, user: sampleUser, isAuthenticated: true, isLoading: false });
}

function headersOf(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

describe('api client', () => {
  beforeEach(() => signOut());

  it('sends JSON with the bearer token of the session under /api', async () => {
    signIn('access-a');
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));
    await expect(api.post('/v1/images', { imageUrl: 'https://x.test/a.png' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/images');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ imageUrl: 'https://x.test/a.png' }));
    expect(headersOf(0).get('Authorization')).toBe('Bearer access-a');
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
  });

  it('sends X-API-Key when asked and leaves FormData without a Content-Type', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/v1/demo', form, { apiKey: 'aw_live_key' });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(form);
    expect(headersOf(0).get('X-API-Key')).toBe('aw_live_key');
    expect(headersOf(0).has('Content-Type')).toBe(false);
    expect(headersOf(0).has('Authorization')).toBe(false);
  });

  it('on a 401 refreshes with the session cookie once and retries the call with the new token', async () => {
    signIn('old-access');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse({ user: sampleUser, token: 'new-access', tokens: { accessToken: 'new-access', expiresIn: 900 } }))
      .mockResolvedValueOnce(jsonResponse({ user: sampleUser }));

    await expect(api.get('/auth/profile')).resolves.toEqual({ user: sampleUser });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/refresh');
    // No token in the body: the HttpOnly cookie carries it, sent with the CSRF header.
    expect(fetchMock.mock.calls[1]![1]?.body).toBeUndefined();
    expect(fetchMock.mock.calls[1]![1]?.credentials).toBe('include');
    expect(fetchMock.mock.calls[1]![1]?.keepalive).toBe(true);
    expect(headersOf(1).get('X-Altwise-Session')).toBe('cookie');
    expect(headersOf(2).get('Authorization')).toBe('Bearer new-access');
    expect(useAuthStore.getState()).toMatchObject({ token: 'new-access', isAuthenticated: true });
  });

  it('keeps no token in storage: auth-storage holds the profile only, and legacy token keys are gone', async () => {
    signIn('old-access');
    const stored = JSON.parse(localStorage.getItem('auth-storage')!);
    expect(stored.state).toEqual({ user: sampleUser });
    expect(JSON.stringify(stored)).not.toContain('old-access');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('after a reload (a user but no access token) refreshes first, then sends the call with the token', async () => {
    signIn(null);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ user: sampleUser, token: 'fresh-access', tokens: { accessToken: 'fresh-access', expiresIn: 900 } }))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    await expect(api.get('/v1/usage')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/refresh');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/usage');
    expect(headersOf(1).get('Authorization')).toBe('Bearer fresh-access');
  });

  it('signs out and throws when the refresh fails', async () => {
    signIn('old-access');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Refresh token revoked' } }, 401))
      .mockResolvedValue(jsonResponse({})); // the fire-and-forget logout call

    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false, signOutReason: 'session-ended' });
  });

  it('a refresh answered 409 (another tab rotated the cookie a moment ago) is retried, and the session stays', async () => {
    signIn(null);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'conflict', message: 'just rotated' } }, 409))
      .mockResolvedValueOnce(jsonResponse(authResponse('after-retry', 'refresh-3')))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    await expect(api.get('/v1/usage')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual(['/api/auth/refresh', '/api/auth/refresh', '/api/v1/usage']);
    expect(headersOf(2).get('Authorization')).toBe('Bearer after-retry');
    expect(useAuthStore.getState()).toMatchObject({ token: 'after-retry', isAuthenticated: true });
  });

  it('gives up after a few 409s and then signs out', async () => {
    signIn(null);
    fetchMock.mockImplementation(async (input) =>
      input === '/api/auth/refresh'
        ? jsonResponse({ error: { code: 'conflict', message: 'just rotated' } }, 409)
        : jsonResponse({}),
    );
    await expect(useAuthStore.getState().refresh()).rejects.toMatchObject({ status: 409 });
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/auth/refresh')).toHaveLength(4);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, signOutReason: 'session-ended' });
  });

  it('keeps the session when a refresh gets no answer (the page navigating away, a dropped connection)', async () => {
    signIn(null);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(useAuthStore.getState().refresh()).rejects.toThrow('Failed to fetch');
    expect(useAuthStore.getState()).toMatchObject({ user: sampleUser, isAuthenticated: true });
    // The stored profile survives for the next page load, whose refresh can still succeed.
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state.user).toEqual(sampleUser);
  });

  it('abandons a refresh that never answers after REFRESH_TIMEOUT_MS, keeps the session and frees the lock for the next', async () => {
    signIn(null);
    vi.useFakeTimers();
    try {
      // A connection that never answers: only the request's signal ends it.
      fetchMock.mockImplementationOnce(
        (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      );
      const hung = useAuthStore.getState().refresh();
      const outcome = expect(hung).rejects.toMatchObject({ name: 'TimeoutError' });
      // The cross-tab lease settles first (a few tens of ms), then the request starts its timer.
      await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS + 1_000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    expect(useAuthStore.getState()).toMatchObject({ user: sampleUser, isAuthenticated: true });
    fetchMock.mockResolvedValueOnce(jsonResponse(authResponse('after-timeout', 'refresh-2')));
    await useAuthStore.getState().refresh();
    expect(useAuthStore.getState().token).toBe('after-timeout');
  });

  it('keeps the session when the refresh meets a server error, and signs out when the server refuses it', async () => {
    signIn('old-access');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'service_unavailable', message: 'down' } }, 503));
    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Refresh token revoked' } }, 401))
      .mockResolvedValue(jsonResponse({}));
    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, signOutReason: 'session-ended' });
  });

  it('concurrent 401s share one refresh', async () => {
    signIn('old-access');
    fetchMock.mockImplementation(async (input, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      if (input === '/api/auth/refresh') return jsonResponse(authResponse('new-access', 'refresh-2'));
      return auth === 'Bearer new-access' ? jsonResponse({ ok: true }) : jsonResponse({ error: { code: 'unauthorized', message: 'x' } }, 401);
    });
    await Promise.all([api.get('/v1/usage'), api.get('/v1/api-keys')]);
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/auth/refresh')).toHaveLength(1);
  });

  it("throws the server's error message and code", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'too_many_requests', message: 'Demo limit reached. Try again in an hour.' } }, 429),
    );
    const error = await api.post('/v1/demo', { imageUrl: 'https://x.test/a.png' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', message: 'Demo limit reached. Try again in an hour.' });
  });

  it('falls back to "HTTP error! status: <code>" without an error body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Internal Server Error', { status: 500 }));
    await expect(api.get('/v1/usage')).rejects.toMatchObject({ status: 500, message: 'HTTP error! status: 500' });
  });

  it('does not try to refresh without a session', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } }, 401));
    await expect(api.post('/auth/login', {}, { auth: false })).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
