import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/cn';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** The dialog's heading; it also names the dialog (aria-labelledby). */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Element focused on open (default: the first focusable element inside the dialog). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Element focused on close instead of the opener, when it is on the page: what the dialog made
   * (a new API key). Radix returns focus a tick after closing, so a parent's own focus() would lose.
   */
  finalFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  /** Role "alertdialog" for destructive confirmations. */
  role?: 'dialog' | 'alertdialog';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/**
 * A modal dialog on Radix's Dialog primitive, which does what a hand-made trap missed: everything
 * outside is hidden from assistive technology while it is open (aria-hidden on the rest of the
 * page), focus is trapped over the real tab order (hidden and contenteditable elements included),
 * nested dialogs stack (only the top one traps and closes on Escape), and the scroll lock keeps the
 * scrollbar's width so the page does not shift. Escape or a backdrop click closes it; focus goes
 * back to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  finalFocusRef,
  size = 'md',
  role = 'dialog',
}: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; our dialogs open from any button, so the opener is
  // remembered here. A layout effect runs before Radix moves focus into the dialog.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/60 backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4">
          <Dialog.Content
            role={role}
            aria-modal="true"
            // Without a description, no aria-describedby (Radix would point at a missing element).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              if (!initialFocusRef?.current) return;
              event.preventDefault();
              initialFocusRef.current.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = finalFocusRef?.current?.isConnected ? finalFocusRef.current : opener.current;
              if (target?.isConnected) target.focus();
            }}
            className={cn(
              'pointer-events-auto relative max-h-[calc(100dvh-2rem)] w-full overflow-y-auto rounded-2xl border border-gray-200 bg-white p-6 shadow-2xl dark:border-gray-700 dark:bg-gray-900',
              widths[size],
            )}
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold text-gray-900 dark:text-white">{title}</Dialog.Title>
              <Dialog.Close
                aria-label="Close dialog"
                className="-m-1 rounded-md p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:ring-blue-400"
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            {description && (
              <Dialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-300">{description}</Dialog.Description>
            )}
            {children && <div className="mt-4">{children}</div>}
            {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
