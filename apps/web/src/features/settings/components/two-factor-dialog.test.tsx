import { TWO_FACTOR_MESSAGES } from '@altwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { TwoFactorDialog } from './two-factor-dialog';

const fetchMock = mockFetch();
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

/** Answers the dialog's calls: set-up, then the enable or disable answer given. */
function serve(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
}
const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).endsWith(path));

describe('Two-factor enrolment dialog', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    signInAs();
  });

  it('shows a QR code drawn locally and the key, and turns on with a valid code, then shows the recovery codes once', async () => {
    serve({
      '/auth/two-factor/setup': () => jsonResponse({ secret: SECRET, otpauthUrl: `otpauth://totp/Altwise:ada%40example.com?secret=${SECRET}&issuer=Altwise` }),
      '/auth/two-factor/enable': () => jsonResponse({ recoveryCodes: RECOVERY }),
      '/v1/settings': () => jsonResponse({}),
    });
    const user = userEvent.setup();
    const view = renderRoute(<TwoFactorDialog open mode="enable" onClose={() => undefined} />, { path: '/app/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code of your two-factor key, for an authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    // Only the set-up call left the page: the QR code is not fetched from anywhere.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await expectNoAxeViolations(view.container.ownerDocument.body);

    await user.type(within(dialog).getByLabelText('6-digit code from the app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY);
    expect(JSON.parse(String(callsTo('/auth/two-factor/enable')[0]![1]!.body))).toEqual({ code: '123456' });
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    // axe over the whole dialog: slow on a busy shared machine.
  });

  it('shows a refused code on its field and stays open', async () => {
    serve({
      '/auth/two-factor/setup': () => jsonResponse({ secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}` }),
      '/auth/two-factor/enable': () =>
        jsonResponse({ error: { code: 'validation_failed', message: TWO_FACTOR_MESSAGES.enrolmentCodeInvalid, details: [{ field: 'code', message: TWO_FACTOR_MESSAGES.enrolmentCodeInvalid }] } }, 400),
    });
    const user = userEvent.setup();
    renderRoute(<TwoFactorDialog open mode="enable" onClose={() => undefined} />, { path: '/app/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const field = await within(dialog).findByLabelText('6-digit code from the app');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(field).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeRequired);
    expect(callsTo('/auth/two-factor/enable')).toHaveLength(0);
    await user.type(field, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.enrolmentCodeInvalid));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turning off asks for a code and sends it', async () => {
    serve({ '/auth/two-factor/disable': () => jsonResponse({ success: true }), '/v1/settings': () => jsonResponse({}) });
    const user = userEvent.setup();
    let closed = false;
    renderRoute(<TwoFactorDialog open mode="disable" onClose={() => (closed = true)} />, { path: '/app/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.type(within(dialog).getByLabelText('Code from your authenticator app, or a recovery code'), 'abcde-fghjk');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(JSON.parse(String(callsTo('/auth/two-factor/disable')[0]![1]!.body))).toEqual({ code: 'abcde-fghjk' });
  });
});
