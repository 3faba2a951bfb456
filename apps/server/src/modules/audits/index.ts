// The audits module's public surface.
export { auditsRoutes } from './audits.routes';
export { createAuditService } from './audit.service';
export type { AuditService } from './audit.service';
export { auditsModule } from './audits.module';
// The page walk and its workers, for the site monitors' crawl (one "what is an image" for both).
export { createPageParsePool } from './page-parse-pool';
export type { PageParsePool } from './page-parse-pool';
export type { PageImages } from './page-images';
export { suggestionContext, verdictOf } from './audit-verdicts';
// The report's look and its dates, for the monitors' run report.
export { readableInstant, reportPage } from './audit-report';
