import { defineModule } from '../../platform/app-module';
import type { RevocationBus } from './revocation-bus';
import { createRevocationBus } from './revocation-bus';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    revocations: RevocationBus;
  }
}

/** Revoked keys, logouts and deleted accounts, told to every instance (and every worker). */
export const revocationsModule = defineModule({
  name: 'revocations',
  needs: [],
  create: ({ ctx, logger }) => createRevocationBus({ db: ctx.db, dialect: ctx.dialect, databaseUrl: ctx.config.databaseUrl, logger }),
  stop: (revocations) => revocations.close(),
});
