// The legal module's public face: Terms and Privacy, as the operator wrote them or by default.
export { legalRoutes } from './legal.routes';
export { createLegalService, LegalFileError } from './legal.service';
export type { LegalService } from './legal.service';
export { renderMarkdown } from './markdown';
export { legalModule } from './legal.module';
