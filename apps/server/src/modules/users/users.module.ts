import { defineModule } from '../../platform/app-module';
import type { ProfileImageService } from './profile-image';
import { createProfileImageService, profileImageRoutes } from './profile-image';
import type { SettingsService } from './settings.service';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService } from './settings.service';
import type { UserService } from './user.service';
import { createUserRepository } from './user.repository';
import { createUserService } from './user.service';
import type { EmailChangeRequester } from './users.routes';
import { usersRoutes } from './users.routes';

export interface UsersModule {
  users: UserService;
  settings: SettingsService;
  /** The account's profile picture (stored re-encoded, served to its owner). */
  profileImages: ProfileImageService;
  requestEmailChange: EmailChangeRequester;
  /**
   * Settings show whether two-factor sign-in is on, which auth knows and auth needs users: auth
   * hands its answer here once built (until then, and in a worker, settings leave it out).
   */
  answerTwoFactorWith(isEnabled: (userId: string) => Promise<boolean>): void;
  /** Likewise, a change of email address is auth's (password, code, links): it hands its flow here. */
  requestEmailChangeWith(request: EmailChangeRequester): void;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    users: UsersModule;
  }
}

export const usersModule = defineModule({
  name: 'users',
  needs: [],
  create: ({ ctx }) => {
    const users = createUserService(ctx, createUserRepository(ctx.db));
    let twoFactorEnabled: ((userId: string) => Promise<boolean>) | undefined;
    let emailChange: EmailChangeRequester | undefined;
    const settings = createSettingsService(
      ctx,
      createSettingsRepository(ctx.db),
      async (userId) => (await users.findById(userId)) !== undefined,
      async (userId) => (twoFactorEnabled ? twoFactorEnabled(userId) : false),
    );
    return {
      users,
      settings,
      profileImages: createProfileImageService(ctx),
      answerTwoFactorWith: (isEnabled) => {
        twoFactorEnabled = isEnabled;
      },
      requestEmailChangeWith: (request) => {
        emailChange = request;
      },
      requestEmailChange: ((...args) => {
        if (!emailChange) throw new Error('auth did not hand over the email change');
        return emailChange(...args);
      }) satisfies EmailChangeRequester,
    };
  },
  http: {
    needs: ['guards'],
    register: async (app, { users, settings, profileImages, requestEmailChange }, { guards }) => {
      await app.register(usersRoutes, { users, settings, guards, requestEmailChange });
      await app.register(profileImageRoutes, { profileImages, guards });
    },
  },
});
