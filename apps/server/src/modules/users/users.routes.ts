import {
  settingsResponseSchema,
  settingsUpdateSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
  userResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { SettingsService } from './settings.service';
import type { UserService } from './user.service';
import { toUser } from './user.service';
import { errorResponses } from '../../platform/error-responses';

/** Checks the caller's proof and mails the links; the address itself changes only by the link. */
export type EmailChangeRequester = (userId: string, input: { newEmail: string; currentPassword?: string; code?: string }, ip: string) => Promise<void>;

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  settings: SettingsService;
  guards: AuthGuards;
  requestEmailChange: EmailChangeRequester;
}> = async (app, { users, settings, guards, requestEmailChange }) => {
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
        summary: 'Update the profile (firstName, lastName, company; email by a confirmed link)',
        description:
          'A different `email` needs `currentPassword` (400 on that field when missing or wrong, throttled like sign-ins) and, with two-factor sign-in on, `code`. ' +
          'It does not change yet: the answer names it as `pendingEmail`, a link goes to the new address (24 hours; following it changes the address and ends every session), ' +
          'and the current address gets a notice with an undo link (7 days). 409 when another account uses the address.',
        security,
        body: updateUserRequestSchema,
        response: { 200: updateUserResponseSchema, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { email, currentPassword, code, ...names } = request.body;
      const current = await users.get(userId);
      // The proof is checked before anything is saved, so a refused change saves nothing.
      const newEmail = email !== undefined && email !== current.email ? email : undefined;
      if (newEmail) await requestEmailChange(userId, { newEmail, currentPassword, code }, request.ip);
      const user = await users.updateProfile(userId, names);
      return newEmail ? { user, pendingEmail: newEmail } : { user };
    },
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
