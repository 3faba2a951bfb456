import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'light' | 'dark';

export interface UiState {
  theme: Theme;
  /** The sidebar overlay on small screens. */
  sidebarOpen: boolean;
  /** Desktop sidebar reduced to icons (w-20) instead of expanded (w-64). */
  sidebarCollapsed: boolean;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  setSidebarOpen(open: boolean): void;
  toggleSidebar(): void;
  setSidebarCollapsed(collapsed: boolean): void;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export const useUiStore = create<UiState>()(
  persist(
    (set, get) => ({
      theme: 'light',
      sidebarOpen: false,
      sidebarCollapsed: false,
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      toggleSidebar: () => set({ sidebarOpen: !get().sidebarOpen }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
    }),
    {
      name: 'ui-storage',
      storage: createJSONStorage(() => localStorage),
      // An open overlay should not greet the user again after a reload.
      partialize: ({ theme, sidebarCollapsed }) => ({ theme, sidebarOpen: false, sidebarCollapsed }),
    },
  ),
);

/** Keeps the `dark` class on <html> in step with the store; call once at start. */
export function syncThemeWithDocument(): () => void {
  applyTheme(useUiStore.getState().theme);
  return useUiStore.subscribe((state, previous) => {
    if (state.theme !== previous.theme) applyTheme(state.theme);
  });
}
