import { EMAIL_VERIFICATION_MESSAGES } from '@altwise/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch } from '@/test/session';
import { EmailVerificationNotice } from '@/components/email-verification-notice';
import { ProfileHeader } from './profile-header';

const fetchMock = mockFetch();

const PICTURE = '/api/v1/user/profile-image';
/** The header asks for the stored picture (none here); `answer` is every other call's. */
function answerWith(answer: () => Response) {
  fetchMock.mockImplementation(async (url) => (String(url) === PICTURE ? jsonResponse({ image: null, updatedAt: null }) : answer()));
}
const otherCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) !== PICTURE);

function renderProfile(user: typeof sampleUser) {
  answerWith(() => jsonResponse({}));
  return renderRoute(
    <>
      <ProfileHeader user={user} />
      <EmailVerificationNotice user={user} />
    </>,
    { path: '/app/profile' },
  );
}

describe('email verification on the profile', () => {
  it('an unverified address says so in words, and "Resend the link" asks for a new one', async () => {
    const user = userEvent.setup();
    const { container } = renderProfile({ ...sampleUser, emailVerified: false });
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.getByText('Your email address is unverified')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    answerWith(() => jsonResponse({ success: true, message: EMAIL_VERIFICATION_MESSAGES.resent }));
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    // Announced (the page's toaster is a live region of its own).
    expect((await screen.findByText(EMAIL_VERIFICATION_MESSAGES.resent)).closest('[role="status"]')).not.toBeNull();
    const [url, init] = otherCalls()[0]!;
    expect(url).toBe('/api/auth/email/verify/resend');
    expect(init?.method).toBe('POST');
  });

  it('a refused resend (the hourly limit) is announced as an error', async () => {
    const user = userEvent.setup();
    renderProfile({ ...sampleUser, emailVerified: false });
    answerWith(() => jsonResponse({ error: { code: 'rate_limited', message: 'Too many confirmation links asked for. Try again later.' } }, 429));
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect((await screen.findByText('Too many confirmation links asked for. Try again later.')).closest('[role="alert"]')).not.toBeNull();
  });

  it('a verified address shows "Verified" and offers no resend', () => {
    renderProfile({ ...sampleUser, emailVerified: true });
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
    expect(otherCalls()).toEqual([]);
  });
});
