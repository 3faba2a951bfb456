import { userResponseSchema } from '@altwise/shared';
import type { UserResponse } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/**
 * The key under which the app shell caches GET /auth/profile (app/shell/use-profile-sync.ts);
 * repeated here because features do not import the shell.
 */
export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

/** GET /auth/profile: the signed-in user, with the plan the top bar shows. */
export async function getProfile(signal?: AbortSignal): Promise<UserResponse> {
  const payload = await api.get<unknown>('/auth/profile', { signal });
  return parseResponse(userResponseSchema, payload, 'profile');
}
