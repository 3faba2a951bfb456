import { create } from 'zustand';

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a success toast stays while nobody reads it (docs/product-decisions.md#notifications: four seconds). */
export const TOAST_DURATION_MS = 4000;

interface ToastState {
  toasts: ToastItem[];
  /** True while the pointer or keyboard focus is on the toasts: no toast times out meanwhile. */
  paused: boolean;
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
  pause(): void;
  resume(): void;
  clear(): void;
}

interface Countdown {
  timer: ReturnType<typeof setTimeout> | undefined;
  remainingMs: number;
  startedAt: number;
}

let nextId = 1;
// Only successes count down. An error stays until dismissed (WCAG 2.2.1 Timing Adjustable: a
// message that explains a failure must not vanish before it is read).
const countdowns = new Map<number, Countdown>();

export const useToastStore = create<ToastState>()((set, get) => {
  const start = (id: number, countdown: Countdown) => {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => get().dismiss(id), countdown.remainingMs);
  };

  return {
    toasts: [],
    paused: false,
    show(kind, message) {
      const id = nextId++;
      // The same message twice (e.g. two queries failing alike) shows once, as the newest.
      const duplicate = get().toasts.find((item) => item.kind === kind && item.message === message);
      if (duplicate) get().dismiss(duplicate.id);
      set({ toasts: [...get().toasts, { id, kind, message }].slice(-5) });
      if (kind === 'success') {
        const countdown: Countdown = { timer: undefined, remainingMs: TOAST_DURATION_MS, startedAt: 0 };
        countdowns.set(id, countdown);
        if (!get().paused) start(id, countdown);
      }
      return id;
    },
    dismiss(id) {
      clearTimeout(countdowns.get(id)?.timer);
      countdowns.delete(id);
      set({ toasts: get().toasts.filter((item) => item.id !== id) });
    },
    pause() {
      if (get().paused) return;
      for (const countdown of countdowns.values()) {
        if (countdown.timer === undefined) continue;
        clearTimeout(countdown.timer);
        countdown.timer = undefined;
        countdown.remainingMs = Math.max(0, countdown.remainingMs - (Date.now() - countdown.startedAt));
      }
      set({ paused: true });
    },
    resume() {
      if (!get().paused) return;
      set({ paused: false });
      // A toast read while paused gets at least a second more once the reader moves on.
      for (const [id, countdown] of countdowns) {
        countdown.remainingMs = Math.max(countdown.remainingMs, 1000);
        start(id, countdown);
      }
    },
    clear() {
      for (const countdown of countdowns.values()) clearTimeout(countdown.timer);
      countdowns.clear();
      set({ toasts: [], paused: false });
    },
  };
});

/** Notifications: toast.success('Saved') times out; toast.error(message) stays until dismissed. */
export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};
