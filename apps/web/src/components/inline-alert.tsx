import { AlertTriangle, Info, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type InlineAlertTone = 'error' | 'warning' | 'info';

const tones: Record<InlineAlertTone, { box: string; icon: string; Icon: typeof Info }> = {
  error: {
    box: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100',
    icon: 'text-red-700 dark:text-red-300',
    Icon: XCircle,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
    icon: 'text-amber-700 dark:text-amber-300',
    Icon: AlertTriangle,
  },
  info: {
    box: 'border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-100',
    icon: 'text-blue-700 dark:text-blue-300',
    Icon: Info,
  },
};

export interface InlineAlertProps {
  tone?: InlineAlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link on the right. */
  action?: ReactNode;
  /** "alert" announces it at once (for messages that appear after an action). */
  role?: 'alert' | 'status';
  className?: string;
  /**
   * Takes focus when it appears: for a message that replaces the form whose button had focus
   * (focus would otherwise fall to <body>, the top of the page).
   */
  takeFocus?: boolean;
}

/** A message box inside the page (as opposed to a toast). */
export function InlineAlert({ tone = 'info', title, children, action, role, className, takeFocus = false }: InlineAlertProps) {
  const { box, icon, Icon } = tones[tone];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={takeFocus ? -1 : undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-sm',
        takeFocus && 'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400',
        box,
        className,
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
