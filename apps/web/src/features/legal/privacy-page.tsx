import { LegalDocumentView } from './legal-document';

export default function PrivacyPage() {
  return <LegalDocumentView document="privacy" />;
}
