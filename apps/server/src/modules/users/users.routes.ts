import {
  settingsResponseSchema,
  settingsUpdateSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { SettingsService } from './settings.service';
import type { UserService } from './user.service';
import { toUser } from './user.service';
import { errorResponses } from '../../platform/error-responses';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  settings: SettingsService;
  guards: AuthGuards;
}> = async (app, { users, settings, guards }) => {
  const secured = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/auth/profile',
    { ...secured, schema: { tags: ['users'], summary: 'The signed-in user', security, response: { 200: userResponseSchema } } },
    async (request) => ({ user: toUser(await users.get(callerOf(request).userId)) }),
  );

  app.put(
    '/api/v1/user',
    {
      ...secured,
      schema: {
        tags: ['users'],
        summary: 'Update the profile (firstName, lastName, email, company)',
        security,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses(409) },
      },
    },
    async (request) => ({ user: await users.updateProfile(callerOf(request).userId, request.body) }),
  );

  app.get(
    '/api/v1/settings',
    { ...secured, schema: { tags: ['settings'], summary: 'The user settings', security, response: { 200: settingsResponseSchema } } },
    async (request) => ({ settings: await settings.read(callerOf(request).userId) }),
  );

  app.put(
    '/api/v1/settings',
    {
      ...secured,
      schema: {
        tags: ['settings'],
        summary: 'Change any subset of the settings',
        security,
        body: settingsUpdateSchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => ({ settings: await settings.update(callerOf(request).userId, request.body) }),
  );
};
