import type { User } from '@altwise/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Mock } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { sampleUser } from './render';

/**
 * A stand-in for `fetch` in every test of the file: reset and installed before each test,
 * removed after it. Call once at the top of the file: `const fetchMock = mockFetch();`.
 */
export function mockFetch(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

/** A signed-in session for `user` (the sample user by default). */
export function signInAs(user: User = sampleUser) {
  useAuthStore.setState({ token: 'access-1', user, isAuthenticated: true, isLoading: false, newAccount: false });
}

/** No session, as for a visitor. */
export function signOut() {
  useAuthStore.setState({ token: null, user: null, isAuthenticated: false, isLoading: false });
}
