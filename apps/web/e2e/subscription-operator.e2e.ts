import { OPERATOR_ASSIGNS_PLANS_NOTICE } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, registerViaApi, signInAs, useE2EEnvironment } from './support';

// The default of `npm start`: no billing configured, so the screen sells nothing.
const env = useE2EEnvironment({
  BILLING_PROVIDER: 'none',
  ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
});

describe('subscription without billing', () => {
  it.each(['light', 'dark'] as const)(
    'shows the catalogue, says the operator assigns plans, offers no upgrade, and stays axe-clean (%s)',
    async (theme) => {
      const page = await env.newPage({ viewport: { width: 1280, height: 1900 } });
      await signInAs(page, await registerViaApi(env.baseUrl), '/app/subscription', { theme });
      await page.getByRole('note').getByText(OPERATOR_ASSIGNS_PLANS_NOTICE).waitFor();
      expect(await page.getByRole('article').count()).toBe(3);
      for (const name of ['Pro', 'Enterprise']) {
        const button = page.getByRole('article', { name }).getByRole('button', { name: `Upgrade to ${name}` });
        await expect.poll(() => button.isDisabled()).toBe(true);
      }
      await expectNoAxeViolations(page, `/app/subscription without billing (${theme})`);
    },
  );
});
