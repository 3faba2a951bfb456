import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, setTheme, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

describe('Bulk jobs', () => {
  it('creates a job from pasted URLs, shows its progress, reviews by keyboard and exports the approved items', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/jobs');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await page.getByText('No jobs yet.').waitFor();
    await expectNoAxeViolations(page, 'jobs (light)');
    await setTheme(page, 'dark');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await expectNoAxeViolations(page, 'jobs (dark)');
    await setTheme(page, 'light');

    // Three distinct images, the first of them asked twice: identical images in one job are
    // described, charged and reviewed once, so four rows make three cards.
    const distinct = await Promise.all(
      ['one.png', 'two.png', 'three.png'].map((name, at) => env.imageHost.distinct(`jobs-${name}`, at + 1)),
    );
    const urls = [...distinct, distinct[0]!];
    await page.getByLabel('Image URLs, one per line').fill(urls.join('\n'));
    await page.getByRole('button', { name: 'Start job' }).click();
    await page.getByRole('heading', { level: 1, name: /^Images from / }).waitFor();
    await page.getByText(/Status: completed/).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('job-size').textContent()).toBe('4 items · 3 distinct images');
    const progress = page.getByRole('progressbar', { name: 'Progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('4');
    await page.getByRole('button', { name: 'Accept Row 1' }).waitFor();
    expect(await page.locator('[data-review-card]').count()).toBe(3);
    await page
      .locator('[data-review-card]')
      .filter({ hasText: 'Row 1' })
      .getByText('× 2 rows — the same image; a review applies to all of them')
      .waitFor();
    // This server has no vision model: every result is a draft that needs a person, never "Compliant".
    expect(
      await page.locator('[data-review-card]').getByText('Draft — no vision model', { exact: true }).count(),
    ).toBe(3);
    expect(
      await page.locator('[data-review-card]').getByText('Draft: needs a person', { exact: true }).count(),
    ).toBe(3);
    expect(
      await page
        .locator('[data-review-card]')
        .getByText(/^Compliant/)
        .count(),
    ).toBe(0);
    // Charged once per distinct image: the fourth row shares the first one's description.
    const job = await apiCall<{ distinctImages: number; counts: { succeeded: number } }>(
      env.baseUrl,
      registered,
      'GET',
      `/v1/jobs/${page.url().split('/').pop()}`,
    );
    expect(job.body).toMatchObject({ distinctImages: 3, counts: { succeeded: 4 } });
    const usage = await apiCall<{ currentUsage: { hour: { used: number } } }>(
      env.baseUrl,
      registered,
      'GET',
      '/v1/usage',
    );
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    expect(usage.body.currentUsage.hour.used).toBe(3);
    await expectNoAxeViolations(page, 'job (light)');

    // Keyboard review: Accept row 1 with Enter, and the focus moves on to row 2's card (where the
    // review shortcuts work and Tab reaches its Accept).
    await page.getByRole('button', { name: 'Accept Row 1' }).focus();
    await page.keyboard.press('Enter');
    const focusedCard = () =>
      page.evaluate(() => {
        const card = document.activeElement?.closest('[data-review-card]');
        return card ? document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent : null;
      });
    await expect.poll(focusedCard).toBe('Row 2');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Accept Row 2');
    await page.getByRole('button', { name: 'Edit Row 2' }).click();
    await page.getByLabel('Alt text for Row 2').fill('image of a quiet harbour at dawn');
    await page.getByText(/Do not start with "image of"/).waitFor();
    await page.getByRole('button', { name: 'Save and accept Row 2' }).click();
    await page.getByRole('button', { name: 'Reject Row 3' }).click();
    await page.getByLabel('Show').selectOption('approved');
    await expect.poll(() => page.locator('[data-review-card]').count()).toBe(2);
    await setTheme(page, 'dark');
    await page.getByText(/Status: completed/).waitFor();
    await expectNoAxeViolations(page, 'job (dark)');

    await page.getByRole('checkbox', { name: 'Approved items only' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    // Row 1's acceptance applies to row 4, its identical image: three approved rows.
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'image_url,context,id,alt_text,long_description,is_decorative,wcag_compliant,issues,status,error,input_tokens,output_tokens',
    );
    expect(lines.filter((line) => line.startsWith(`${urls[0]},`))).toHaveLength(2);
    expect(text).toContain('image of a quiet harbour at dawn');
    expect(text).not.toContain(urls[2]);
  });

  it('estimates a new job before it starts: requests after de-duplication, what is left this hour and today, the finish time and its basis, as the API does', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    type Estimate = {
      units: number;
      deduplicated: boolean;
      remaining: { hourly: number; daily: number };
      finishesAt: string | null;
      basis: string;
    };
    const asked = async (urls: string[]) => {
      const answer = await apiCall<Estimate>(env.baseUrl, registered, 'POST', '/v1/jobs/estimate', {
        items: urls.map((imageUrl) => ({ imageUrl })),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    // One image, then 2,500 distinct images with one of them asked twice: more than the Pro plan's
    // 2,000 an hour, so the hourly limit holds the job back to the next hour.
    const one = [env.imageHost.url('estimate-0.png')];
    const many = Array.from({ length: 2_500 }, (_, at) => env.imageHost.url(`estimate-${at}.png`));
    many.push(many[7]!);
    const panel = (page: Page) => page.getByTestId('job-estimate');
    // As a paste lands: the whole text in one input event (Playwright's fill takes ~12 s over
    // 100 kB of text; the form itself takes a few ms).
    const paste = async (page: Page, urls: string[]) => {
      await page.getByLabel('Image URLs, one per line').evaluate((box: HTMLTextAreaElement, text) => {
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }, urls.join('\n'));
      await panel(page).getByText('How this is worked out:').waitFor();
    };

    const page = await env.newPage();
    await signInAs(page, registered, '/app/jobs');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    expect(await panel(page).count()).toBe(0);
    await paste(page, one);
    const small = await asked(one);
    expect(small).toMatchObject({
      units: 1,
      deduplicated: false,
      remaining: { hourly: 2_000, daily: 25_000 },
      finishesAt: null,
    });
    expect((await panel(page).innerText()).split(/\n+/)).toEqual([
      'This job will use 1 request (a URL repeated with the same context counted once; identical images at different URLs are found while it runs and charged once, so it may use fewer).',
      'Your account has 2,000 requests left this hour and 25,000 requests left today.',
      "Your plan's limits do not hold it back.",
      `How this is worked out: ${small.basis}`,
    ]);
    expect(small.basis).toMatch(/^1 request fits in what is left now \(2,000 this hour, 25,000 today\)/);

    await paste(page, many);
    // 2,501 lines, one URL twice: 2,500 requests.
    await panel(page).getByText('This job will use 2,500 requests (a URL repeated with the same context counted once;').waitFor();
    const large = await asked(many);
    expect(large).toMatchObject({ units: 2_500, remaining: { hourly: 2_000, daily: 25_000 } });
    expect(large.finishesAt).not.toBeNull();
    const finish = await page.evaluate((iso) => new Date(iso).toLocaleString(), large.finishesAt!);
    const text = await panel(page).innerText();
    expect(text).toContain('Your account has 2,000 requests left this hour and 25,000 requests left today.');
    expect(text).toContain(`At your plan's limits it would finish around ${finish}.`);
    expect(text).toContain(`How this is worked out: ${large.basis}`);
    expect(large.basis).toMatch(/the pro plan's 2,000 requests an hour and 25,000 a day/);
    // The next UTC hour: 2,000 now, the last 500 when it opens.
    expect(new Date(large.finishesAt!).getTime() % 3_600_000).toBe(0);
    expect(new Date(large.finishesAt!).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    await expectNoAxeViolations(page, 'new job with its estimate, 1280 px (light)');

    for (const [width, theme] of [
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await setTheme(page, theme);
      await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
      await paste(page, many);
      await panel(page).getByText(`At your plan's limits it would finish around ${finish}.`).waitFor();
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
      const box = (await panel(page).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `new job with its estimate, ${width} px (${theme})`);
    }
  });

  it('creates the webhook signing secret in Settings, shown once, with no axe violations in either theme', async () => {
    const registered = await registerProViaApi(env.baseUrl);
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
