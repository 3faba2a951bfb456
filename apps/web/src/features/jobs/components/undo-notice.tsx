import { useEffect, useRef } from 'react';
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
  // An undo that succeeded removes its own button: its message ("Undone: …") takes the focus the
  // button had, rather than letting it fall to <body>.
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (action.undoToken === null && (document.activeElement === document.body || document.activeElement === null)) message.current?.focus();
  }, [action]);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900 shadow-sm dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100">
      <p ref={message} tabIndex={-1} className="min-w-0 flex-1 basis-48 break-words focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400">
        {action.message}
      </p>
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
