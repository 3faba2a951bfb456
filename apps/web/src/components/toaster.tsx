import { CheckCircle2, X, XCircle } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { useToastStore } from '@/lib/toast';
import type { ToastItem, ToastKind } from '@/lib/toast';

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss(): void }) {
  const Icon = item.kind === 'success' ? CheckCircle2 : XCircle;
  // Escape anywhere in a toast (its dismiss button) closes it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDismiss();
  };
  return (
    // The keys come from the toast's own button (focus stays there); the container only hears them bubble.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      data-toast={item.kind}
      onKeyDown={onKeyDown}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white p-4 shadow-lg animate-toast-in dark:bg-gray-900',
        item.kind === 'success' ? 'border-green-200 dark:border-green-900' : 'border-red-200 dark:border-red-900',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', item.kind === 'success' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400')}
        aria-hidden="true"
      />
      <p className="flex-1 text-sm font-medium text-gray-900 dark:text-gray-100">{item.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-1 rounded-md p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function Region({ kind }: { kind: ToastKind }) {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  // The live regions are always in the page, so screen readers announce what is added to them.
  return (
    <div
      role={kind === 'success' ? 'status' : 'alert'}
      aria-live={kind === 'success' ? 'polite' : 'assertive'}
      className="flex flex-col gap-3"
      data-toast-region={kind}
    >
      {toasts
        .filter((item) => item.kind === kind)
        .map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={() => dismiss(item.id)} />
        ))}
    </div>
  );
}

/**
 * Toasts, top-right below the 4rem top bar (docs/product-decisions.md#notifications), so they never cover the theme, notification
 * or user menu buttons (WCAG 2.4.11); on a phone at the bottom. Mount once. While the pointer or focus is on them nothing times
 * out (WCAG 2.2.1).
 */
export function Toaster() {
  const pause = useToastStore((state) => state.pause);
  const resume = useToastStore((state) => state.resume);
  return (
    <div
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
      }}
      className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-3 sm:top-20 sm:bottom-auto"
    >
      <Region kind="error" />
      <Region kind="success" />
    </div>
  );
}
