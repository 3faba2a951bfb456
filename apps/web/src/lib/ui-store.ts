import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'light' | 'dark';
/** What the user chose: a theme, or (until they choose) the device's `prefers-color-scheme`. */
export type ThemeChoice = Theme | 'system';

export interface UiState {
  /** The theme in effect: the choice, or the device's when the choice is 'system'. */
  theme: Theme;
  themeChoice: ThemeChoice;
  /** The sidebar overlay on small screens. */
  sidebarOpen: boolean;
  /** Desktop sidebar reduced to icons (w-20) instead of expanded (w-64). */
  sidebarCollapsed: boolean;
  setTheme(choice: ThemeChoice): void;
  toggleTheme(): void;
  setSidebarOpen(open: boolean): void;
  toggleSidebar(): void;
  setSidebarCollapsed(collapsed: boolean): void;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The device's theme (light where the browser cannot tell). */
export function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

const resolve = (choice: ThemeChoice): Theme => (choice === 'system' ? systemTheme() : choice);

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

interface Persisted {
  themeChoice?: ThemeChoice;
  /** Stored before the choice was (the default was light, so only 'dark' was surely chosen). */
  theme?: Theme;
  sidebarCollapsed?: boolean;
}

function choiceOf(persisted: Persisted | undefined): ThemeChoice {
  const choice = persisted?.themeChoice;
  if (choice === 'light' || choice === 'dark' || choice === 'system') return choice;
  return persisted?.theme === 'dark' ? 'dark' : 'system';
}

export const useUiStore = create<UiState>()(
  persist(
    (set, get) => ({
      themeChoice: 'system',
      theme: resolve('system'),
      sidebarOpen: false,
      sidebarCollapsed: false,
      setTheme: (themeChoice) => set({ themeChoice, theme: resolve(themeChoice) }),
      // The toggle is a choice: from then on the device's setting no longer decides.
      toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      toggleSidebar: () => set({ sidebarOpen: !get().sidebarOpen }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
    }),
    {
      name: 'ui-storage',
      storage: createJSONStorage(() => localStorage),
      // An open overlay should not greet the user again after a reload.
      partialize: ({ themeChoice, sidebarCollapsed }) => ({ themeChoice, sidebarOpen: false, sidebarCollapsed }),
      merge: (persisted, current) => {
        const stored = persisted as Persisted | undefined;
        const themeChoice = choiceOf(stored);
        return { ...current, sidebarCollapsed: stored?.sidebarCollapsed ?? current.sidebarCollapsed, themeChoice, theme: resolve(themeChoice) };
      },
    },
  ),
);

/**
 * Keeps the `dark` class on <html> in step with the store, and the store with the device's setting
 * while the user has not chosen; call once at start.
 */
export function syncThemeWithDocument(): () => void {
  applyTheme(useUiStore.getState().theme);
  const unsubscribe = useUiStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) applyTheme(state.theme);
  });
  const media = typeof window !== 'undefined' ? window.matchMedia?.(DARK_QUERY) : undefined;
  const follow = () => {
    const { themeChoice, theme } = useUiStore.getState();
    if (themeChoice === 'system' && theme !== systemTheme()) useUiStore.setState({ theme: systemTheme() });
  };
  media?.addEventListener('change', follow);
  return () => {
    unsubscribe();
    media?.removeEventListener('change', follow);
  };
}
