import { z } from 'zod';

/** Largest picture accepted for a profile (before it is re-encoded to a small WebP). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored picture's longest edge in pixels: shown at 96 CSS px, 2x for sharp screens. */
export const PROFILE_IMAGE_EDGE = 256;
/**
 * Base64 text of a picture a little over the limit (4 characters per 3 bytes, and a megabyte for a
 * data: prefix and line breaks): the decoded size is what is checked, and answered 413.
 */
export const PROFILE_IMAGE_MAX_DATA_CHARS = Math.ceil((PROFILE_IMAGE_MAX_BYTES + 1024 * 1024) / 3) * 4;

/** PUT /v1/user/profile-image: the picture as base64 or a data: URL (JPEG, PNG, GIF, WebP or AVIF). */
export const profileImageUploadSchema = z.object({
  imageData: z
    .string({ message: 'Choose an image file' })
    .min(1, 'Choose an image file')
    .max(PROFILE_IMAGE_MAX_DATA_CHARS, `The picture can be at most ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB`),
});
export type ProfileImageUpload = z.infer<typeof profileImageUploadSchema>;

/** GET/PUT /v1/user/profile-image: the stored picture (a data: URL of a WebP), or null when there is none. */
export const profileImageSchema = z.object({
  image: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;
