import { describe, expect, it } from 'vitest';
import { expectFocused, expectVisibleFocus, tabTo, registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

describe('Generate: the Single/Batch radio group', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      it(`selects with each arrow key press, however short, as the ARIA radio pattern says (${viewport.width}, ${theme})`, async () => {
        const registered = await registerProViaApi(env.baseUrl);
        const page = await env.newPage({ viewport });
        await signInAs(page, registered, '/app/generate', { theme });
        const group = page.getByRole('radiogroup', { name: 'Processing mode' });
        const single = group.getByRole('radio', { name: 'Single Image' });
        const batch = group.getByRole('radio', { name: 'Batch Processing' });
        await tabTo(page, single);
        await expectVisibleFocus(page);
        const checked = async () => [await single.getAttribute('aria-checked'), await batch.getAttribute('aria-checked')];

        // A zero-length press, as a screen reader sends it: focus and selection move together.
        for (const [key, expected] of [
          ['ArrowRight', batch],
          ['ArrowRight', single],
          ['ArrowDown', batch],
          ['ArrowUp', single],
          ['ArrowLeft', batch],
        ] as const) {
          await page.keyboard.press(key);
          await expectFocused(expected);
          expect(await expected.getAttribute('aria-checked'), key).toBe('true');
        }
        expect(await checked()).toEqual(['false', 'true']);
        await page.getByLabel('Image URL 1').waitFor();
        await expectNoAxeViolations(page, `/app/generate batch mode (${viewport.width}, ${theme})`);
        // Tab leaves the group in one step.
        await page.keyboard.press('Shift+Tab');
        expect(await group.evaluate((element) => element.contains(document.activeElement))).toBe(false);
      });
    }
  }
});
