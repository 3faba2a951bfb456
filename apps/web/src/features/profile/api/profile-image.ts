import type { ProfileImage } from '@altwise/shared';
import { profileImageSchema } from '@altwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

const PROFILE_IMAGE_KEY = ['profile-image'] as const;

/** The file as a data: URL, what PUT /v1/user/profile-image takes. */
function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** GET /v1/user/profile-image: the stored picture (a data: URL), or null. */
export function useProfileImage() {
  return useQuery({
    queryKey: PROFILE_IMAGE_KEY,
    queryFn: async ({ signal }) => parseResponse(profileImageSchema, await api.get('/v1/user/profile-image', { signal }), 'profile image'),
  });
}

/** PUT (a file) or DELETE (null) /v1/user/profile-image; the answer is the picture as now stored. */
export function useChangeProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null): Promise<ProfileImage> =>
      parseResponse(
        profileImageSchema,
        file ? await api.put('/v1/user/profile-image', { imageData: await dataUrlOf(file) }) : await api.delete('/v1/user/profile-image'),
        'profile image',
      ),
    onSuccess: (image) => queryClient.setQueryData(PROFILE_IMAGE_KEY, image),
  });
}
