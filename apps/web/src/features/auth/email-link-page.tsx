import { EMAIL_CHANGE_MESSAGES } from '@altwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PROFILE_QUERY_KEY } from '@/lib/api/get-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { EmailLinkKind } from './api/email-links';
import { followEmailLink } from './api/email-links';
import { AuthCard, linkClasses } from './auth-card';

const COPY: Record<EmailLinkKind, { title: string; subtitle: string; button: string }> = {
  confirm: {
    title: 'Confirm your new email address',
    subtitle: 'Your account signs in with this address from now on. Every session is signed out.',
    button: 'Confirm this address',
  },
  undo: {
    title: 'Undo the email change',
    subtitle: 'Your account keeps (or gets back) its previous address, and every session is signed out.',
    button: 'Undo the change',
  },
  verify: {
    title: 'Verify your email address',
    subtitle: 'Until it is verified, Altwise sends this address nothing but confirmation links and password resets: no alerts or reports.',
    button: 'Verify this address',
  },
};

/** The server's answer for a link that cannot be used (the `token` field of a 400). */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && Array.isArray(error.details) && error.details.some((detail: { field?: string }) => detail?.field === 'token');
}

/**
 * The page a mailed email link (an email change's, or the address verification's) opens. It acts only on the button, never on opening: mail
 * scanners follow links, and a link must not be spent (or an address changed) by one.
 */
export function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const copy = COPY[kind];
  useDocumentTitle(copy.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; message: string } | null>(
    token ? null : { tone: 'error', message: EMAIL_CHANGE_MESSAGES.linkInvalid },
  );

  const onFollow = async () => {
    setBusy(true);
    try {
      setOutcome({ tone: 'info', message: await followEmailLink(kind, token) });
      // A signed-in tab shows the address as verified (or changed) at its next look at the profile.
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    } catch (error) {
      setOutcome({ tone: 'error', message: isDeadLink(error) ? EMAIL_CHANGE_MESSAGES.linkInvalid : errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
        <Link to="/login" className={linkClasses}>
          Go to sign in
        </Link>
      }
    >
      {outcome ? (
        <InlineAlert tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </InlineAlert>
      ) : (
        <Button variant="primary" size="lg" fullWidth isLoading={busy} loadingText="Working..." onClick={() => void onFollow()}>
          {copy.button}
        </Button>
      )}
    </AuthCard>
  );
}
