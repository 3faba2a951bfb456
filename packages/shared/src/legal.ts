import { z } from 'zod';

/** The operator-set documents served at GET /api/v1/legal/{document} (docs/operations.md "Terms and Privacy"). */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export const legalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  /** Rendered from Markdown on the server and sanitised: no script, style, handler or foreign scheme. */
  html: z.string(),
  /** `operator`: TERMS_FILE/PRIVACY_FILE; `default`: the text this software ships. */
  source: z.enum(['operator', 'default']),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
