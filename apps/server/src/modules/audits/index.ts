// The audits module's public surface.
export { auditsRoutes } from './audits.routes';
export { createAuditService } from './audit.service';
export type { AuditService } from './audit.service';
export { auditsModule } from './audits.module';
