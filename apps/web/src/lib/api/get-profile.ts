import { userResponseSchema } from '@altwise/shared';
import type { UserResponse } from '@altwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { parseResponse } from '../parse-response';

/**
 * GET /auth/profile: shared, read by the app shell on entry (app/shell/use-profile-sync.ts) and
 * after a plan change (subscription). Screens that change the user (profile) write their result
 * under this key, so a later read does not bring the old values back.
 */
export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

/** The signed-in user, with the plan the top bar shows. */
export async function getProfile(signal?: AbortSignal): Promise<UserResponse> {
  const payload = await api.get<unknown>('/auth/profile', { signal });
  return parseResponse(userResponseSchema, payload, 'profile');
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });
