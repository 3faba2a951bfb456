import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy wait up to 30 s (their default is 1 s): a guard against a hang, not a speed
// bound — a screen that renders in milliseconds here took seconds on a loaded CI machine.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no ResizeObserver; Radix primitives measure their parts with it (sizes do not matter here).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
