import { LegalDocumentView } from './legal-document';

export default function TermsPage() {
  return <LegalDocumentView document="terms" />;
}
