// The jobs module's public surface: the composition root (app.ts) builds it from here.
export { createJobsModule } from './jobs.module';
export type { JobsModule } from './jobs.module';
export type { JobsService } from './jobs.service';
