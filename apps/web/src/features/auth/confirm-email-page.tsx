import { EmailLinkPage } from './email-link-page';

/** /confirm-email?token=…: the link mailed to a new address. */
export default function ConfirmEmailPage() {
  return <EmailLinkPage kind="confirm" />;
}
