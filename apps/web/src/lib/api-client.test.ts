import { beforeEach, describe, expect, it } from 'vitest';
import { authResponse, jsonResponse, sampleUser } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import { api, ApiError } from './api-client';
import { useAuthStore } from './auth-store';

const fetchMock = mockFetch();

function signIn(token = 'old-access', refreshToken = 'refresh-1') {
  useAuthStore.setState({ token, refreshToken, user: sampleUser, isAuthenticated: true, isLoading: false });
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

  it('on a 401 refreshes the tokens once and retries the call with the new token', async () => {
    signIn('old-access', 'refresh-1');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse(authResponse('new-access', 'refresh-2')))
      .mockResolvedValueOnce(jsonResponse({ user: sampleUser }));

    await expect(api.get('/auth/profile')).resolves.toEqual({ user: sampleUser });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/refresh');
    expect(fetchMock.mock.calls[1]![1]?.body).toBe(JSON.stringify({ refreshToken: 'refresh-1' }));
    expect(headersOf(2).get('Authorization')).toBe('Bearer new-access');
    expect(useAuthStore.getState()).toMatchObject({ token: 'new-access', refreshToken: 'refresh-2', isAuthenticated: true });
    expect(localStorage.getItem('authToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('signs out and throws when the refresh fails', async () => {
    signIn('old-access', 'refresh-1');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Token expired' } }, 401))
      .mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized', message: 'Refresh token revoked' } }, 401))
      .mockResolvedValue(jsonResponse({})); // the fire-and-forget logout call

    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(useAuthStore.getState()).toMatchObject({ token: null, refreshToken: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('concurrent 401s share one refresh', async () => {
    signIn('old-access', 'refresh-1');
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
