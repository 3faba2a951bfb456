import { legalDocumentSchema } from '@altwise/shared';
import type { LegalDocument, LegalDocumentName } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** GET /v1/legal/{document}: public; the HTML is rendered and sanitised by the server. */
export async function getLegalDocument(document: LegalDocumentName): Promise<LegalDocument> {
  const payload = await api.get<unknown>(`/v1/legal/${document}`, { auth: false });
  return parseResponse(legalDocumentSchema, payload, 'legal document');
}

export function useLegalDocument(document: LegalDocumentName) {
  return useQuery({ queryKey: ['legal', document], queryFn: () => getLegalDocument(document), staleTime: Infinity });
}
