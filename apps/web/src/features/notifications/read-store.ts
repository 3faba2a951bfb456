import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** How many read ids we keep; old usage windows fall off the end. */
const MAX_READ_IDS = 100;

interface ReadState {
  readIds: string[];
  markRead(ids: readonly string[]): void;
}

/** Which notifications the user has seen (opened the bell's panel while they were listed). */
export const useNotificationReadStore = create<ReadState>()(
  persist(
    (set, get) => ({
      readIds: [],
      markRead(ids) {
        const known = new Set(get().readIds);
        const added = ids.filter((id) => !known.has(id));
        if (added.length > 0) set({ readIds: [...get().readIds, ...added].slice(-MAX_READ_IDS) });
      },
    }),
    { name: 'notifications-read', storage: createJSONStorage(() => localStorage) },
  ),
);
