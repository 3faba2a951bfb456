// The users module's public face: profiles and settings.
export { usersRoutes } from './users.routes';
export { createSettingsService } from './settings.service';
export type { SettingsService } from './settings.service';
export { createUserService, toUser } from './user.service';
export type { UserService } from './user.service';
export { usersModule } from './users.module';
export type { UsersModule } from './users.module';
