// The plans module's public face: the plan catalogue over HTTP.
export { plansRoutes } from './plans.routes';
export { plansModule } from './plans.module';
