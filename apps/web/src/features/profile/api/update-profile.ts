import { updateUserRequestSchema, updateUserResponseSchema } from '@altwise/shared';
import type { UpdateUserResponse, User } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { parseResponse } from '@/lib/parse-response';
import { PROFILE_QUERY_KEY } from '@/lib/api/get-profile';

/** The profile form: the shared update schema with the three names required (docs/product-decisions.md#validation-messages). */
export const profileFormSchema = updateUserRequestSchema.required({ firstName: true, lastName: true, email: true });
export type ProfileChanges = ReturnType<typeof profileFormSchema.parse>;

/**
 * PUT /v1/user: answers the user as stored (409 when the email belongs to another account). A new
 * email does not change yet: the answer names it as `pendingEmail` until its link is followed.
 */
export async function updateProfile(changes: ProfileChanges): Promise<UpdateUserResponse> {
  const payload = await api.put<unknown>('/v1/user', changes);
  return parseResponse(updateUserResponseSchema, payload, 'profile');
}

/**
 * Saves, then merges the sent names into the stored user (docs/product-decisions.md#profile) and
 * the profile query; the email stays the server's until the change is confirmed.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user: saved }, sent) => {
      const { email: _email, currentPassword: _password, code: _code, ...names } = sent;
      const current = useAuthStore.getState().user;
      const merged: User = { ...(current ?? saved), ...saved, ...names } as User;
      useAuthStore.getState().setUser(merged);
      // The shell's GET /auth/profile cache, so a later read does not bring the old name back.
      queryClient.setQueryData(PROFILE_QUERY_KEY, { user: merged });
    },
  });
}
