import { EMAIL_CHANGE_MESSAGES, EMAIL_VERIFICATION_MESSAGES } from '@altwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse } from '@/test/render';
import { mockFetch, signOut } from '@/test/session';
import ConfirmEmailPage from './confirm-email-page';
import UndoEmailChangePage from './undo-email-change-page';
import VerifyEmailPage from './verify-email-page';

const fetchMock = mockFetch();

function open(path: string, element: ReactElement, search: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [`${path}${search}`] });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('email change links', () => {
  beforeEach(() => signOut());

  it('confirming acts only on the button (a mail scanner opening the link spends nothing), then shows the answer', async () => {
    const user = userEvent.setup();
    const { container } = open('/confirm-email', <ConfirmEmailPage />, '?token=tok_1');
    expect(fetchMock).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: EMAIL_CHANGE_MESSAGES.confirmed }));
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.confirmed);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/email/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok_1' });
  });

  it('undoing posts the token to /auth/email/undo; a spent link says it cannot be used', async () => {
    const user = userEvent.setup();
    open('/undo-email-change', <UndoEmailChangePage />, '?token=tok_2');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'validation_failed', message: 'Invalid request', details: [{ field: 'token', message: EMAIL_CHANGE_MESSAGES.linkInvalid }] } }, 400),
    );
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.linkInvalid);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/email/undo');
  });

  it('the verification link: acts on the button, posts the token to /auth/email/verify, announces the result', async () => {
    const user = userEvent.setup();
    const { container } = open('/verify-email', <VerifyEmailPage />, '?token=tok_3');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Verify your email address' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: EMAIL_VERIFICATION_MESSAGES.verified }));
    await user.click(screen.getByRole('button', { name: 'Verify this address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_VERIFICATION_MESSAGES.verified);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/email/verify');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok_3' });
  });

  it('without a token, says so and offers no button', () => {
    open('/confirm-email', <ConfirmEmailPage />, '');
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.linkInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm this address' })).not.toBeInTheDocument();
  });
});
