import type { User } from '@altwise/shared';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '@/lib/api/resend-verification';

/**
 * For an account whose address is not verified: says so in words (not only colour), says what
 * it means, and offers a new link. Nothing for a verified address.
 */
export function EmailVerificationNotice({ user }: { user: User | null }) {
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <div className="space-y-3">
      <InlineAlert
        tone="warning"
        title="Your email address is unverified"
        action={
          <Button variant="outline" size="sm" isLoading={resend.isPending} loadingText="Sending..." onClick={() => resend.mutate()}>
            Resend the link
          </Button>
        }
      >
        We sent a confirmation link to <span className="font-semibold break-all">{user.email}</span>. Until you follow it, Altwise sends this
        address nothing but that link and password resets: no alerts, reports or notices.
      </InlineAlert>
      {resend.isSuccess && (
        <InlineAlert tone="info" role="status">
          {resend.data}
        </InlineAlert>
      )}
      {resend.isError && (
        <InlineAlert tone="error" role="alert">
          {errorMessage(resend.error)}
        </InlineAlert>
      )}
    </div>
  );
}
