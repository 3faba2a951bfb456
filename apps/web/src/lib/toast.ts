import { create } from 'zustand';

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays (SPEC §2: four seconds). */
export const TOAST_DURATION_MS = 4000;

interface ToastState {
  toasts: ToastItem[];
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(kind, message) {
    const id = nextId++;
    // The same message twice (e.g. two queries failing alike) shows once, as the newest.
    const duplicate = get().toasts.find((item) => item.kind === kind && item.message === message);
    if (duplicate) get().dismiss(duplicate.id);
    set({ toasts: [...get().toasts, { id, kind, message }].slice(-5) });
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
    );
    return id;
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ toasts: get().toasts.filter((item) => item.id !== id) });
  },
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

/** Top-right notifications: toast.success('Saved'), toast.error(message). */
export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};
