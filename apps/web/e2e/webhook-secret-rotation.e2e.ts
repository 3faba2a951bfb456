import { describe, expect, it } from 'vitest';
import { apiCall, expectFocused, tabTo, registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, screenshot, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

/** A Pro account (bulk jobs, so webhooks) that already has a signing secret. */
async function proAccountWithSecret() {
  const registered = await registerProViaApi(env.baseUrl);
  const created = await apiCall<{ secret: string }>(env.baseUrl, registered, 'POST', '/v1/webhooks/secret');
  expect(created.status).toBe(201);
  return { registered, secret: created.body.secret };
}

describe('Rotating the webhook signing secret (Settings)', () => {
  it('asks first, saying what breaks; Escape and Cancel keep the secret; confirming replaces it', async () => {
    const { registered } = await proAccountWithSecret();
    const before = await apiCall<{ createdAt: string }>(env.baseUrl, registered, 'GET', '/v1/webhooks/secret');
    const page = await env.newPage();
    await signInAs(page, registered, '/app/settings');
    const rotate = page.getByRole('button', { name: 'Rotate signing secret' });
    await rotate.waitFor();

    await tabTo(page, rotate);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('will reject new events until you update them');
    await expectFocused(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(rotate);
    await rotate.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing was rotated: the secret is the one made before.
    const unchanged = await apiCall<{ createdAt: string }>(env.baseUrl, registered, 'GET', '/v1/webhooks/secret');
    expect(unchanged.body.createdAt).toBe(before.body.createdAt);

    await rotate.click();
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText('Copy your new signing secret now').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText(/^whsec_[A-Za-z0-9]{40}$/).count()).toBe(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations with the rotation dialog open, wide and on a phone (${theme})`, async () => {
      const { registered } = await proAccountWithSecret();
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
        const page = await env.newPage({ viewport });
        await signInAs(page, registered, '/app/settings', { theme });
        await page.getByRole('button', { name: 'Rotate signing secret' }).click();
        await page.getByRole('alertdialog', { name: 'Rotate the signing secret?' }).waitFor();
        await expectNoAxeViolations(page, `settings rotation dialog (${viewport.width}, ${theme})`);
        await screenshot(page, `settings-rotate-dialog-${viewport.width}-${theme}`, { fullPage: false });
      }
    });
  }
});
