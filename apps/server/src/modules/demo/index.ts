// The demo module's public face: the landing page's anonymous, rate-limited generation.
export { demoRoutes } from './demo.routes';
export { DEMO_MAX_BYTES, createDemoService } from './demo.service';
export type { DemoService } from './demo.service';
export { demoModule } from './demo.module';
