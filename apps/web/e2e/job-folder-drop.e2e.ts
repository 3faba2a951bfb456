// A job from a folder (issue 23): files dropped on the new-job screen as a DataTransfer built in the
// page, a folder walked recursively, the drop zone opened by keyboard, axe in both themes at 1280 and 390 px.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, setTheme, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

let colour = 0;
const png = async () => {
  colour += 40;
  return (await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: colour % 256, g: 90, b: 200 } } }).png().toBuffer()).toString('base64');
};

type FileSpec = { path: string; base64: string; type: string };

/**
 * Drops `files` on the zone. With `asFolder`, the items are the entries of a folder (a page cannot
 * mint real FileSystemDirectoryEntry objects, so the tree is built of the same File objects, read in
 * batches as Chromium does); without it, a plain DataTransfer of the files.
 */
async function drop(page: Page, files: FileSpec[], asFolder: boolean) {
  const transfer = await page.evaluateHandle(
    ({ files, asFolder }) => {
      const transfer = new DataTransfer();
      const made = files.map((spec) => {
        const bytes = Uint8Array.from(atob(spec.base64), (char) => char.charCodeAt(0));
        const file = new File([bytes], spec.path.split('/').pop()!, { type: spec.type });
        transfer.items.add(file);
        return { path: spec.path, file };
      });
      if (!asFolder) return transfer;
      type Node = { name: string; fullPath: string; children?: Map<string, Node>; file?: File };
      const root: Node = { name: '', fullPath: '', children: new Map() };
      for (const { path, file } of made) {
        let at = root;
        const segments = path.split('/');
        segments.forEach((segment, index) => {
          const fullPath = `/${segments.slice(0, index + 1).join('/')}`;
          if (index === segments.length - 1) at.children!.set(segment, { name: segment, fullPath, file });
          else {
            if (!at.children!.has(segment)) at.children!.set(segment, { name: segment, fullPath, children: new Map() });
            at = at.children!.get(segment)!;
          }
        });
      }
      const entry = (node: Node): unknown =>
        node.file
          ? { isFile: true, isDirectory: false, name: node.name, fullPath: node.fullPath, file: (resolve: (file: File) => void) => setTimeout(() => resolve(node.file!), 0) }
          : {
              isFile: false,
              isDirectory: true,
              name: node.name,
              fullPath: node.fullPath,
              createReader: () => {
                const all = [...node.children!.values()].map(entry);
                let at = 0;
                return { readEntries: (resolve: (entries: unknown[]) => void) => setTimeout(() => resolve(all.slice(at, (at += 2))), 0) };
              },
            };
      const top = [...root.children!.values()].map((node) => ({ kind: 'file', type: '', webkitGetAsEntry: () => entry(node), getAsFile: () => null }));
      Object.defineProperty(transfer, 'items', { value: top });
      return transfer;
    },
    { files, asFolder },
  );
  const zone = page.getByRole('button', { name: 'Drop a folder, images or a .zip here, or choose files' });
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('A job from a folder', () => {
  it('drops a folder, lists what will be sent and skipped, starts the job and shows each file by its path and the refused ones', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/jobs');
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await page.getByRole('radio', { name: 'Image files' }).click();

    // Loose files first: a plain DataTransfer, as dropping files from a file manager gives.
    await drop(page, [{ path: 'one.png', base64: await png(), type: 'image/png' }, { path: 'readme.txt', base64: btoa('hello'), type: 'text/plain' }], false);
    await expect.poll(() => page.getByTestId('picked-summary').textContent()).toMatch(/^1 file \(\d+ bytes\) will be sent\. 1 skipped\.$/);

    // Then a folder, walked recursively.
    const folder: FileSpec[] = [
      { path: 'shop/a.png', base64: await png(), type: 'image/png' },
      { path: 'shop/shoes/b.png', base64: await png(), type: 'image/png' },
      { path: 'shop/shoes/deep/c.png', base64: await png(), type: 'image/png' },
      { path: 'shop/shoes/fake.png', base64: btoa('a text file named like an image'), type: 'image/png' },
      { path: 'shop/.DS_Store', base64: btoa('junk'), type: '' },
      { path: 'shop/notes.md', base64: btoa('# notes'), type: 'text/markdown' },
    ];
    await drop(page, folder, true);
    await expect.poll(() => page.getByTestId('picked-summary').textContent()).toMatch(/^4 files \(\d+ bytes\) will be sent\. 2 skipped\.$/);
    // Estimated before anything is uploaded: the four files counted in the browser.
    await page.getByTestId('job-estimate').getByText('This job will use 4 requests (one per image file;', { exact: false }).waitFor();
    await page.getByText('Files to send').click();
    await page.getByText('Skipped files').click();
    expect(await page.getByRole('list', { name: 'Files to send' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^shop\/a\.png \(\d+ bytes\)$/),
      expect.stringMatching(/^shop\/shoes\/b\.png/),
      expect.stringMatching(/^shop\/shoes\/deep\/c\.png/),
      expect.stringMatching(/^shop\/shoes\/fake\.png/),
    ]);
    expect(await page.getByRole('list', { name: 'Skipped files' }).getByRole('listitem').allTextContents()).toEqual([
      'shop/.DS_Store: hidden or system file',
      'shop/notes.md: not an image (JPEG, PNG, GIF, WebP or AVIF) or a .zip',
    ]);

    // Every theme change reloads the page (the theme is read at start): the folder is dropped again each time.
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await page.getByRole('radio', { name: 'Image files' }).click();
        await drop(page, folder, true);
        await page.getByText('Files to send').click();
        await page.getByText('Skipped files').click();
        await page.getByRole('list', { name: 'Skipped files' }).waitFor();
        await expectNoAxeViolations(page, `new job with a dropped folder (${theme}, ${width} px)`);
        expect(await noSidewaysScroll(page)).toBe(true);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Start job' }).click();
    // Named by the dropped folder; renamed from the keyboard, the heading follows.
    await page.getByRole('heading', { level: 1, name: 'shop' }).waitFor();
    await page.getByRole('button', { name: 'Rename job' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Job name' }).fill('Shop photos');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Shop photos' }).waitFor();
    // The heading follows the query cache, which the rename updates a moment before its own callback
    // closes the form and hands focus back: on a busy machine the field still holds focus when it shows.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Rename job');
    await page.getByText(/Status: completed/).waitFor({ timeout: 20_000 });
    await page.getByText('1 row was not accepted').click();
    await page.getByText('Row 4: shop/shoes/fake.png: not an image (JPEG, PNG, GIF, WebP or AVIF)').waitFor();
    for (const path of ['shop/a.png', 'shop/shoes/b.png', 'shop/shoes/deep/c.png']) await page.locator('[data-review-card]').getByText(path, { exact: true }).first().waitFor();
  });

  it('opens the picker from the keyboard (the zone is a button), and a .zip chosen there is sent whole', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, registered, '/app/jobs');
    await page.getByRole('radio', { name: 'Image files' }).click();
    const zone = page.getByRole('button', { name: 'Drop a folder, images or a .zip here, or choose files' });
    expect(await zone.getAttribute('aria-describedby')).toBeTruthy();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), zone.press('Enter')]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([{ name: 'catalogue.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1') }]);
    await expect.poll(() => page.getByTestId('picked-summary').textContent()).toMatch(/^1 file \(22 bytes\) will be sent; the \.zip is opened on the server, each image in it an item\.$/);
    await expectNoAxeViolations(page, 'new job with a zip (light, 390 px)');
    // An empty zip: the server refuses it with its own message, shown on the form.
    await page.getByRole('button', { name: 'Start job' }).click();
    await page.getByText('No valid files: the job has nothing to process').waitFor();
    // The folder picker is a labelled button too.
    const [folderChooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a folder' }).click()]);
    expect(folderChooser.isMultiple()).toBe(true);
  });
});
