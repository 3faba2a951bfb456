import { EmailLinkPage } from './email-link-page';

/** /verify-email?token=…: the link mailed at registration (or resent from the profile). */
export default function VerifyEmailPage() {
  return <EmailLinkPage kind="verify" />;
}
