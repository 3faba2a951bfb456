import { defineModule } from '../../platform/app-module';
import { demoRoutes } from './demo.routes';
import type { DemoService } from './demo.service';
import { createDemoService } from './demo.service';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    demo: DemoService;
  }
}

/** The landing page's anonymous, rate-limited generation. */
export const demoModule = defineModule({
  name: 'demo',
  needs: ['rateLimiter', 'altText'],
  create: (_kit, { rateLimiter, altText }) => createDemoService({ rateLimiter, altText: altText.altText, visionModel: altText.vision.visionModel }),
  http: {
    needs: [],
    register: async (app, demo) => {
      await app.register(demoRoutes, { demo });
    },
  },
});
