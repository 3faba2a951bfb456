// The jobs module's public surface: the composition root builds it from here.
export { createJobsModule, jobsModule } from './jobs.module';
export type { JobsModule } from './jobs.module';
export type { JobsService } from './jobs.service';
// CSV written safe for spreadsheets (formula injection), for other modules' exports.
export { csvLine } from './csv';
