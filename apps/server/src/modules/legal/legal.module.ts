import { defineModule } from '../../platform/app-module';
import { legalRoutes } from './legal.routes';
import type { LegalService } from './legal.service';
import { createLegalService } from './legal.service';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    legal: LegalService;
  }
}

/** Terms and Privacy, as the operator wrote them (read at start-up: a bad file stops it) or by default. */
export const legalModule = defineModule({
  name: 'legal',
  needs: [],
  create: ({ ctx }) => createLegalService(ctx.config),
  http: {
    needs: [],
    register: async (app, legal) => {
      await app.register(legalRoutes, { legal });
    },
  },
});
