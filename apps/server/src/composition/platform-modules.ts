// The cross-cutting pieces of platform/ that the modules need, declared like modules so the
// composition root orders them too. platform/ itself imports no module; these may. (The instance
// registry and the rate limiter hold SQL, so they are modules of their own: modules/instances,
// modules/rate-limits.)
import type { AuthGuards } from '../platform/caller';
import { createAuthGuards } from '../platform/caller';
import type { Lifecycle } from '../platform/lifecycle';
import { createLifecycle, registerHealthRoutes } from '../platform/lifecycle';
import { defineModule } from '../platform/app-module';

declare module '../platform/app-module' {
  interface ModuleRegistry {
    guards: AuthGuards;
    lifecycle: Lifecycle;
  }
}

/** Bearer tokens (auth) and API keys (api-keys): the guards every protected route runs first. */
export const guardsModule = defineModule({
  name: 'guards',
  needs: ['auth', 'apiKeys'],
  create: (_kit, { auth, apiKeys }) => createAuthGuards({ verifyAccessToken: auth.accessTokens.verify, authenticateApiKey: apiKeys.authenticate }),
});

/** The instance's life beside its requests: heartbeat and reconciliation, the retention sweep, readiness. */
export const lifecycleModule = defineModule({
  name: 'lifecycle',
  needs: ['instance', 'usage'],
  create: ({ ctx, logger, retention }, { instance, usage }) => createLifecycle({ db: ctx.db, metering: usage.metering, instance, logger, retention }),
  http: {
    needs: [],
    register: (app, lifecycle) => registerHealthRoutes(app, lifecycle),
  },
  start: (lifecycle) => lifecycle.start(),
  stop: (lifecycle) => lifecycle.stopBackgroundWork(),
});
