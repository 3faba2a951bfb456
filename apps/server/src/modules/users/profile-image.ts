import { prepareImage } from '@altwise/engine';
import type { ProfileImage } from '@altwise/shared';
import { PROFILE_IMAGE_EDGE, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_DATA_CHARS, profileImageSchema, profileImageUploadSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { decodeBase64Image } from '../../platform/base64-image';
import { errorResponses } from '../../platform/error-responses';
import { AppError } from '../../platform/errors';

const NOT_AN_IMAGE = 'The file is not a picture we can read: use a JPEG, PNG, GIF, WebP or AVIF image';

function profileImageRepository(db: Kysely<Database>) {
  return {
    find: (userId: string) => db.selectFrom('user_profile_images').select(['image', 'updated_at']).where('user_id', '=', userId).executeTakeFirst(),
    async put(userId: string, image: string, at: number): Promise<void> {
      await db
        .insertInto('user_profile_images')
        .values({ user_id: userId, image, updated_at: at })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ image, updated_at: at }))
        .execute();
    },
    async remove(userId: string): Promise<void> {
      await db.deleteFrom('user_profile_images').where('user_id', '=', userId).execute();
    },
  };
}

/**
 * The account's profile picture. An upload is decoded and re-encoded (a WebP of at most 256 px, its
 * metadata such as GPS gone), so what is stored and shown is never the bytes that were sent; it is
 * kept as a data: URL and answered only to its owner (an <img> needs no second authenticated request).
 */
export function createProfileImageService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repository = profileImageRepository(ctx.db);
  const view = (row: { image: string; updated_at: number } | undefined): ProfileImage =>
    row ? { image: row.image, updatedAt: new Date(Number(row.updated_at)).toISOString() } : { image: null, updatedAt: null };
  return {
    async get(userId: string): Promise<ProfileImage> {
      return view(await repository.find(userId));
    },
    async put(userId: string, imageData: string): Promise<ProfileImage> {
      const bytes = decodeBase64Image(imageData);
      if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw new AppError('payload_too_large', `The picture can be at most ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB`, 413);
      let prepared: Awaited<ReturnType<typeof prepareImage>>;
      try {
        prepared = await prepareImage(bytes, { maxEdge: PROFILE_IMAGE_EDGE, format: 'webp', quality: 80 });
      } catch {
        throw new AppError('validation_failed', NOT_AN_IMAGE, 400, [{ field: 'imageData', message: NOT_AN_IMAGE }]);
      }
      const row = { image: `data:${prepared.mediaType};base64,${prepared.bytes.toString('base64')}`, updated_at: ctx.now() };
      await repository.put(userId, row.image, row.updated_at);
      return view(row);
    },
    remove: (userId: string) => repository.remove(userId),
  };
}
export type ProfileImageService = ReturnType<typeof createProfileImageService>;

export const profileImageRoutes: FastifyPluginAsyncZod<{ profileImages: ProfileImageService; guards: AuthGuards }> = async (app, { profileImages, guards }) => {
  const secured = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];
  const tags = ['users'];
  app.get(
    '/api/v1/user/profile-image',
    { ...secured, schema: { tags, summary: "The signed-in user's profile picture (a data: URL), or null", security, response: { 200: profileImageSchema } } },
    async (request) => profileImages.get(callerOf(request).userId),
  );
  app.put(
    '/api/v1/user/profile-image',
    {
      ...secured,
      // The largest base64 text the schema takes, with room for the JSON around it.
      bodyLimit: PROFILE_IMAGE_MAX_DATA_CHARS + 64 * 1024,
      schema: {
        tags,
        summary: 'Set the profile picture: JPEG, PNG, GIF, WebP or AVIF up to 5 MB, stored re-encoded as a WebP of at most 256 px',
        security,
        body: profileImageUploadSchema,
        response: { 200: profileImageSchema, ...errorResponses(413) },
      },
    },
    async (request) => profileImages.put(callerOf(request).userId, request.body.imageData),
  );
  app.delete(
    '/api/v1/user/profile-image',
    { ...secured, schema: { tags, summary: 'Remove the profile picture (the initials show again); answers the empty picture', security, response: { 200: profileImageSchema } } },
    async (request) => {
      await profileImages.remove(callerOf(request).userId);
      return { image: null, updatedAt: null };
    },
  );
};
