import { describe, expect, it } from 'vitest';
import { apiCall, dismissToasts, expectFocused, expectToast, expectVisibleFocus, tabTo, shot } from './screen-helpers';
import { expectNoAxeViolations, holdRequests, registerViaApi, screenshot, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

interface KeyBody {
  id: string;
  apiKey: string;
}

describe('API Keys', () => {
  it('creates a key, masks it, shows and hides it, copies it, tests it and deletes it after confirmation', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
    await signInAs(page, registered, '/app/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();

    // No key yet: an empty state with Create, and no sample key anywhere.
    await page.getByText('No API keys yet').waitFor();
    expect(await page.locator('pre').count()).toBe(0);
    const creating = await holdRequests(page, '**/api/v1/api-keys');
    await page.getByRole('button', { name: 'Create New Key' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create API key' });
    await createDialog.getByRole('textbox', { name: 'Key name' }).fill('Production');
    await createDialog.getByRole('button', { name: 'Create key' }).click();
    await createDialog.getByRole('button', { name: 'Creating...' }).waitFor();
    creating.release();
    await expectToast(page, 'success', 'New API key created successfully!');

    const keys = await apiCall<{ apiKeys: KeyBody[] }>(env.baseUrl, registered, 'GET', '/v1/api-keys');
    expect(keys.body.apiKeys).toHaveLength(1);
    // The list is masked; the full key only comes from an explicit (audited) reveal.
    const listed = keys.body.apiKeys[0]!;
    expect(listed.apiKey).toMatch(/^ak_live_…[A-Za-z0-9]{4}$/);
    expect(listed).toMatchObject({ name: 'Production' });
    const revealed = await apiCall<{ apiKey: string }>(env.baseUrl, registered, 'POST', `/v1/api-keys/${listed.id}/reveal`);
    const fullKey = revealed.body.apiKey;
    const ending = fullKey.slice(-4);
    expect(listed.apiKey.endsWith(ending)).toBe(true);

    const card = page.getByTestId('api-key');
    const value = card.getByTestId('api-key-value');
    await value.waitFor();
    expect(await value.textContent()).toBe(`ak_live_••••••••${ending}`);
    expect(await card.textContent()).toContain('Active');
    expect(await card.textContent()).toContain('Free');
    expect(await card.getByRole('progressbar', { name: 'Hourly usage' }).getAttribute('aria-valuemax')).toBe('100');
    expect(await card.getByRole('progressbar', { name: 'Daily usage' }).getAttribute('aria-valuemax')).toBe('500');

    const show = card.getByRole('button', { name: 'Show API key Production' });
    expect(await show.getAttribute('aria-pressed')).toBe('false');
    await show.click();
    const hide = card.getByRole('button', { name: 'Hide API key Production' });
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction((key) => document.querySelector('[data-testid="api-key-value"]')?.textContent === key, fullKey);
    await hide.click();
    expect(await value.textContent()).toContain('••••••••');

    await card.getByRole('button', { name: 'Copy API key Production' }).click();
    await expectToast(page, 'success', 'API key copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);

    // The curl examples use this server and the real key (masked on screen, whole when copied).
    const origin = env.baseUrl;
    const single = page.locator('figure', { hasText: 'Single image' });
    expect(await single.locator('pre').textContent()).toContain(`curl -X POST ${origin}/api/v1/images \\`);
    expect(await single.locator('pre').textContent()).toContain(ending);
    await single.getByRole('button', { name: 'Copy single image command' }).click();
    const copiedSingle = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedSingle).toContain(`X-API-Key: ${fullKey}`);
    const batch = page.locator('figure', { hasText: 'Batch processing' });
    expect(await batch.locator('pre').textContent()).toContain(`${origin}/api/v1/images/batch`);

    // The copied command really works against this server.
    const copiedUrl = /curl -X POST (\S+)/.exec(copiedSingle)![1]!;
    const viaCurl = await fetch(copiedUrl, {
      method: 'POST',
      headers: { 'X-API-Key': fullKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ imageUrl: env.imageHost.url('from-curl.png') }),
    });
    expect(viaCurl.status).toBe(200);

    await card.getByRole('button', { name: /^Test Key/ }).click();
    await expectToast(page, 'success', 'API key is valid and active!');

    // Delete: the dialog asks first; Cancel keeps the key.
    await dismissToasts(page);
    await card.getByRole('button', { name: 'Delete API key Production' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete API key?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(ending);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('api-key').count()).toBe(1);

    await card.getByRole('button', { name: 'Delete API key Production' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete key' }).click();
    await expectToast(page, 'success', 'API key deleted');
    await page.getByText('No API keys yet').waitFor();
    // Focus moves in an effect after the emptied list renders: polled, not read at the first paint.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your API keys');
    const after = await apiCall<{ apiKeys: KeyBody[] }>(env.baseUrl, registered, 'GET', '/v1/api-keys');
    expect(after.body.apiKeys).toHaveLength(0);
    // A revoked key no longer opens the API.
    const refused = await fetch(copiedUrl, {
      method: 'POST',
      headers: { 'X-API-Key': fullKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ imageUrl: env.imageHost.url('from-curl.png') }),
    });
    expect(refused.status).toBe(401);
  });

  it('says "API key is invalid or inactive" for a key revoked elsewhere, and shows the 409 message past 10 keys', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const created: KeyBody[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await apiCall<KeyBody>(env.baseUrl, registered, 'POST', '/v1/api-keys', {
        userId: registered.auth.user.userId,
        plan: 'free',
      });
      expect(response.status).toBe(201);
      created.push(response.body);
    }
    const page = await env.newPage();
    await signInAs(page, registered, '/app/api-keys');
    await page.getByTestId('api-key').first().waitFor();
    expect(await page.getByTestId('api-key').count()).toBe(10);

    await page.getByRole('button', { name: 'Create New Key' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create API key' });
    await createDialog.getByRole('textbox', { name: 'Key name' }).fill('Eleventh');
    await createDialog.getByRole('button', { name: 'Create key' }).click();
    await createDialog.getByRole('alert').getByText(/at most 10 active API keys/).waitFor();
    await createDialog.getByRole('button', { name: 'Cancel' }).click();
    await createDialog.waitFor({ state: 'detached' });

    // Revoke the first key behind the screen's back, then test it from the (stale) list.
    const first = created[0]!;
    await apiCall(env.baseUrl, registered, 'DELETE', `/v1/api-keys/${first.id}`);
    const card = page.getByTestId('api-key').filter({ hasText: `Key ending in ${first.apiKey.slice(-4)}` });
    await card.getByRole('button', { name: /^Test Key/ }).click();
    await expectToast(page, 'error', 'API key is invalid or inactive');
  });

  it('opens and closes the delete dialog by keyboard: focus trapped, Escape closes, focus returns', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const key = await apiCall<KeyBody>(env.baseUrl, registered, 'POST', '/v1/api-keys', {});
    const page = await env.newPage();
    await signInAs(page, registered, '/app/api-keys');
    const deleteButton = page.getByRole('button', { name: `Delete API key Key ending in ${key.body.apiKey.slice(-4)}` });
    await deleteButton.waitFor();
    await tabTo(page, deleteButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete API key?' });
    await dialog.waitFor();
    await expectFocused(dialog.getByRole('button', { name: 'Cancel' }));
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(deleteButton);
  });

  it('on a fresh account: Generate names its key "Created by Generate"; a new key is asked for a name and takes focus', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/generate');
    await page.getByLabel('Image URL', { exact: true }).fill(env.imageHost.url('named-key.png'));
    await page.getByRole('button', { name: 'Generate Alt Text' }).click();
    await expectToast(page, 'success', 'Alt text generated successfully!');
    const keys = await apiCall<{ apiKeys: Array<KeyBody & { name: string }> }>(env.baseUrl, registered, 'GET', '/v1/api-keys');
    expect(keys.body.apiKeys.map((key) => key.name)).toEqual(['Created by Generate']);

    await page.goto('/app/api-keys');
    const generated = page.getByRole('article', { name: 'Created by Generate' });
    await generated.waitFor();
    for (const name of ['Show API key Created by Generate', 'Copy API key Created by Generate', 'Test Key Created by Generate', 'Delete API key Created by Generate']) {
      expect(await generated.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }

    // By keyboard: Enter on Create New Key, the name field has focus, Enter creates.
    await tabTo(page, page.getByRole('button', { name: 'Create New Key' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    const name = dialog.getByRole('textbox', { name: 'Key name' });
    await expectFocused(name);
    await page.keyboard.press('Enter');
    await dialog.getByText('Enter a name for the key').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.type('Staging');
    await page.keyboard.press('Enter');
    await expectToast(page, 'success', 'New API key created successfully!');
    await dialog.waitFor({ state: 'detached' });
    // Focus is on the new key's heading, not on <body>.
    const heading = page.getByRole('article', { name: 'Staging' }).getByRole('heading', { level: 3, name: 'Staging' });
    await expectFocused(heading);
    await expectVisibleFocus(page);
    const titles = await page.getByTestId('api-key').getByRole('heading', { level: 3 }).allTextContents();
    expect(titles).toEqual(['Staging', 'Created by Generate']);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations with the create dialog open, wide and on a phone (${theme})`, async () => {
      const registered = await registerViaApi(env.baseUrl);
      await apiCall(env.baseUrl, registered, 'POST', '/v1/api-keys', { name: 'Production' });
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
        const page = await env.newPage({ viewport });
        await signInAs(page, registered, '/app/api-keys', { theme });
        await page.getByRole('article', { name: 'Production' }).waitFor();
        await expectNoAxeViolations(page, `/app/api-keys named key (${viewport.width}, ${theme})`);
        await page.getByRole('button', { name: 'Create New Key' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create API key' });
        await dialog.getByRole('button', { name: 'Create key' }).click();
        await dialog.getByText('Enter a name for the key').waitFor();
        await expectNoAxeViolations(page, `/app/api-keys create dialog (${viewport.width}, ${theme})`);
        await screenshot(page, `api-keys-create-dialog-${viewport.width}-${theme}`, { fullPage: false });
      }
    }, 150_000);
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations with keys, and with the delete dialog open (${theme})`, async () => {
      const registered = await registerViaApi(env.baseUrl, { firstName: 'Axe' });
      const empty = await env.newPage();
      await signInAs(empty, registered, '/app/api-keys', { theme });
      await empty.getByText('No API keys yet').waitFor();
      await expectNoAxeViolations(empty, `/app/api-keys empty (${theme})`);
      await shot(empty, `api-keys-empty-${theme}`);

      await apiCall(env.baseUrl, registered, 'POST', '/v1/api-keys', {});
      await apiCall(env.baseUrl, registered, 'POST', '/v1/api-keys', {});
      const page = await env.newPage();
      await signInAs(page, registered, '/app/api-keys', { theme });
      await page.getByTestId('api-key').nth(1).waitFor();
      await page.getByRole('button', { name: /^Show API key / }).first().click();
      await expectNoAxeViolations(page, `/app/api-keys (${theme})`);
      await shot(page, `api-keys-${theme}`);

      await page.getByRole('button', { name: /^Delete API key / }).first().click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoAxeViolations(page, `/app/api-keys delete dialog (${theme})`);
      await screenshot(page, `api-keys-delete-dialog-${theme}`, { fullPage: false });
    });
  }
});
