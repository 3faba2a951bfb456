import { updateUserRequestSchema, userResponseSchema } from '@altwise/shared';
import type { User } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { parseResponse } from '@/lib/parse-response';
import { PROFILE_QUERY_KEY } from '@/lib/api/get-profile';

/** The profile form: the shared update schema with the three names required (docs/product-decisions.md#validation-messages). */
export const profileFormSchema = updateUserRequestSchema.required({ firstName: true, lastName: true, email: true });
export type ProfileChanges = ReturnType<typeof profileFormSchema.parse>;

/** PUT /v1/user: answers the updated user (409 when the email belongs to another account). */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const payload = await api.put<unknown>('/v1/user', changes);
  return parseResponse(userResponseSchema, payload, 'profile').user;
}

/** Saves, then merges the sent fields into the stored user (docs/product-decisions.md#profile) and the profile query. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved, sent) => {
      const current = useAuthStore.getState().user;
      const merged: User = { ...(current ?? saved), ...saved, ...sent } as User;
      useAuthStore.getState().setUser(merged);
      // The shell's GET /auth/profile cache, so a later read does not bring the old name back.
      queryClient.setQueryData(PROFILE_QUERY_KEY, { user: merged });
    },
  });
}
