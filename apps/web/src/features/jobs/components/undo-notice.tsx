import { Button } from '@/components/button';

export interface UndoableAction {
  message: string;
  undoToken: string | null;
}

/**
 * What the last bulk review did, with its Undo. It stays until dismissed or replaced (no timer: an
 * undo that vanishes before it is read or reached is no undo, WCAG 2.2.1).
 */
export function UndoNotice({ action, busy, onUndo, onDismiss }: { action: UndoableAction; busy: boolean; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900 shadow-sm dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100">
      <p className="min-w-0 flex-1 basis-48 break-words">{action.message}</p>
      {action.undoToken && (
        <Button size="sm" variant="outline" isLoading={busy} onClick={onUndo}>
          Undo
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
