import { describe, expect, it } from 'vitest';
import { apiCall } from './screen-helpers';
import { expectNoAxeViolations, registerViaApi, setTheme, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

describe('Bulk jobs', () => {
  it('creates a job from pasted URLs, shows its progress, reviews by keyboard and exports the approved items', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const upgraded = await apiCall(env.baseUrl, registered, 'POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_e2e_test' });
    expect(upgraded.status).toBeLessThan(300);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/jobs');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await page.getByText('No jobs yet.').waitFor();
    await expectNoAxeViolations(page, 'jobs (light)');
    await setTheme(page, 'dark');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await expectNoAxeViolations(page, 'jobs (dark)');
    await setTheme(page, 'light');

    const urls = ['one.png', 'two.png', 'three.png'].map((name) => env.imageHost.url(name));
    await page.getByLabel('Image URLs, one per line').fill(urls.join('\n'));
    await page.getByRole('button', { name: 'Start job' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bulk job' }).waitFor();
    await page.getByText(/Status: completed/).waitFor({ timeout: 20_000 });
    const progress = page.getByRole('progressbar', { name: 'Progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('3');
    await page.getByRole('button', { name: 'Accept Row 1' }).waitFor();
    // This server has no vision model: every result is a draft that needs a person, never "Compliant".
    expect(await page.locator('tbody tr').getByText('Draft — no vision model', { exact: true }).count()).toBe(3);
    expect(await page.locator('tbody tr').getByText('Draft: needs a person', { exact: true }).count()).toBe(3);
    expect(await page.locator('tbody tr').getByText(/^Compliant/).count()).toBe(0);
    await expectNoAxeViolations(page, 'job (light)');

    // Keyboard review: Accept row 1 with Enter, and the focus moves on to row 2's Accept.
    await page.getByRole('button', { name: 'Accept Row 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Accept Row 2');
    await page.getByRole('button', { name: 'Edit Row 2' }).click();
    await page.getByLabel('Alt text for Row 2').fill('image of a quiet harbour at dawn');
    await page.getByText(/Do not start with "image of"/).waitFor();
    await page.getByRole('button', { name: 'Save and accept Row 2' }).click();
    await page.getByRole('button', { name: 'Reject Row 3' }).click();
    await page.getByRole('radio', { name: 'Approved' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await setTheme(page, 'dark');
    await page.getByText(/Status: completed/).waitFor();
    await expectNoAxeViolations(page, 'job (dark)');

    await page.getByRole('checkbox', { name: 'Approved items only' }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('image_url,context,id,alt_text,long_description,is_decorative,wcag_compliant,issues,status,error');
    expect(text).toContain('image of a quiet harbour at dawn');
    expect(text).not.toContain(urls[2]);
  });

  it('creates the webhook signing secret in Settings, shown once, with no axe violations in either theme', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const upgraded = await apiCall(env.baseUrl, registered, 'POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_e2e_test' });
    expect(upgraded.status).toBeLessThan(300);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/settings');
    await page.getByRole('heading', { level: 2, name: 'Webhook signing secret' }).waitFor();
    await page.getByRole('button', { name: 'Create signing secret' }).click();
    await page.getByText('Copy your new signing secret now').waitFor();
    const secret = await page.getByText(/^whsec_[A-Za-z0-9]{40}$/).textContent();
    await page.getByLabel('Default webhook URL').fill('not a url');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('Enter an http:// or https:// URL').waitFor();
    await expectNoAxeViolations(page, 'settings with a new signing secret (light)');
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: 'Rotate signing secret' }).waitFor();
    await expectNoAxeViolations(page, 'settings with a new signing secret (dark)');
    // Shown once: after a reload only its existence is.
    await page.reload();
    await page.getByText(/A signing secret exists/).waitFor();
    expect(await page.getByText(secret!).count()).toBe(0);
  });
});
