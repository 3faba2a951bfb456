import fs from 'node:fs';
import type { LegalDocument, LegalDocumentName } from '@altwise/shared';
import { LEGAL_DOCUMENTS } from '@altwise/shared';
import type { Config } from '../../config';
import { defaultLegalMarkdown } from './legal-defaults';
import { renderMarkdown } from './markdown';

const TITLES: Record<LegalDocumentName, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };
const VARIABLES: Record<LegalDocumentName, string> = { terms: 'TERMS_FILE', privacy: 'PRIVACY_FILE' };
/** Far more than any policy; a bigger file is a mistake, refused at start. */
const MAX_FILE_BYTES = 512 * 1024;

export class LegalFileError extends Error {
  override name = 'LegalFileError';
}

function readOperatorFile(document: LegalDocumentName, file: string): string {
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (stat.size > MAX_FILE_BYTES) throw new LegalFileError(`${VARIABLES[document]} (${file}) is larger than ${MAX_FILE_BYTES} bytes`);
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof LegalFileError) throw error;
    throw new LegalFileError(`${VARIABLES[document]} (${file}) cannot be read: ${(error as Error).message}`);
  }
  return text;
}

/**
 * Terms and Privacy: the operator's Markdown (TERMS_FILE, PRIVACY_FILE) or the defaults, which
 * state this instance's own retention numbers. Read and rendered once, at start: a file that
 * cannot be read stops the start with a line naming it, instead of serving a wrong text.
 */
export function createLegalService(config: Pick<Config, 'legal' | 'retention'>) {
  const files: Record<LegalDocumentName, string | null> = { terms: config.legal.termsFile, privacy: config.legal.privacyFile };
  const facts = {
    retentionDays: config.retention.retentionDays,
    cacheTtlDays: config.retention.cacheTtlDays,
    jobRetentionDays: config.retention.jobRetentionDays,
    operatorContact: config.legal.operatorContact,
  };
  const documents = new Map<LegalDocumentName, LegalDocument>();
  for (const document of LEGAL_DOCUMENTS) {
    const file = files[document];
    const source = file ? 'operator' : 'default';
    const rendered = renderMarkdown(file ? readOperatorFile(document, file) : defaultLegalMarkdown(document, facts));
    documents.set(document, { document, title: rendered.title ?? TITLES[document], html: rendered.html, source });
  }
  return {
    get: (document: LegalDocumentName): LegalDocument => documents.get(document)!,
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
