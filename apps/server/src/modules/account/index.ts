// The account module's public face: deleting an account and everything it owns.
export { accountRoutes } from './account.routes';
export { createAccountService } from './account.service';
export type { AccountService, AccountServiceDeps } from './account.service';
export { accountModule } from './account.module';
