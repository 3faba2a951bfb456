import { afterEach, describe, expect, it, vi } from 'vitest';

/** A device whose light or dark setting the test flips, as the OS would. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query === '(prefers-color-scheme: dark)' ? media : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    flip(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The store as a fresh page load creates it (after what `stored` left in localStorage). */
async function freshStore(stored?: unknown) {
  if (stored !== undefined) localStorage.setItem('ui-storage', JSON.stringify(stored));
  vi.resetModules();
  return import('./ui-store');
}

describe('theme', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.classList.remove('dark');
  });

  it('follows the device (prefers-color-scheme) until the user chooses', async () => {
    const device = fakeDevice(true);
    const { useUiStore, syncThemeWithDocument } = await freshStore();
    const stop = syncThemeWithDocument();
    expect(useUiStore.getState()).toMatchObject({ themeChoice: 'system', theme: 'dark' });
    expect(document.documentElement).toHaveClass('dark');

    device.flip(false);
    expect(useUiStore.getState().theme).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');

    // The toggle is a choice: the device's setting no longer decides.
    useUiStore.getState().toggleTheme();
    expect(useUiStore.getState()).toMatchObject({ themeChoice: 'dark', theme: 'dark' });
    device.flip(false);
    device.flip(true);
    device.flip(false);
    expect(useUiStore.getState().theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('ui-storage')!).state.themeChoice).toBe('dark');

    // "Device" in Settings hands the choice back.
    useUiStore.getState().setTheme('system');
    expect(useUiStore.getState().theme).toBe('light');
    stop();
  });

  it('keeps a choice across reloads; an older stored light theme (the old default) follows the device', async () => {
    fakeDevice(true);
    const chosen = await freshStore({ state: { themeChoice: 'light', sidebarCollapsed: true }, version: 0 });
    expect(chosen.useUiStore.getState()).toMatchObject({ themeChoice: 'light', theme: 'light', sidebarCollapsed: true });

    const oldLight = await freshStore({ state: { theme: 'light', sidebarCollapsed: false }, version: 0 });
    expect(oldLight.useUiStore.getState()).toMatchObject({ themeChoice: 'system', theme: 'dark' });

    const oldDark = await freshStore({ state: { theme: 'dark' }, version: 0 });
    expect(oldDark.useUiStore.getState()).toMatchObject({ themeChoice: 'dark', theme: 'dark' });
  });
});
