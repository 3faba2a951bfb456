import { EmailLinkPage } from './email-link-page';

/** /undo-email-change?token=…: the link mailed to the previous address. */
export default function UndoEmailChangePage() {
  return <EmailLinkPage kind="undo" />;
}
