import { defineModule } from '../../platform/app-module';
import { plansRoutes } from './plans.routes';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    /** Nothing: the catalogue is the shared package's; this module only serves it. */
    plans: null;
  }
}

/** The plan catalogue over HTTP. */
export const plansModule = defineModule({
  name: 'plans',
  needs: [],
  create: () => null,
  http: {
    needs: [],
    register: async (app) => {
      await app.register(plansRoutes);
    },
  },
});
