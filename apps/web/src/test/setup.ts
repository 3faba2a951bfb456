import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useToastStore } from '@/lib/toast';

// waitFor and findBy wait up to 30 s (their default is 1 s): a guard against a hang, not a speed
// bound — a screen that renders in milliseconds here took seconds on a loaded CI machine.
configure({ asyncUtilTimeout: 30_000 });

/*
 * The web project's files share their workers (isolate: false in vitest.config.ts): one jsdom
 * window and one instance of each module serve every file a worker runs. What a test leaves in
 * them is cleared here, as a fresh worker would have it. The toasts are a module-level store, and
 * an error toast stays until dismissed: a file that never cleared them left one (e.g. "Database
 * unavailable") on screen in the next file's Toaster (toaster.test found two dismiss buttons).
 * It is cleared before each test too, for a toast that an earlier file's request set late.
 */
function resetSharedState() {
  useToastStore.getState().clear();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  document.documentElement.className = '';
}

beforeEach(() => {
  useToastStore.getState().clear();
});

afterEach(() => {
  cleanup();
  resetSharedState();
});

// jsdom has no ResizeObserver; Radix primitives measure their parts with it (sizes do not matter here).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
