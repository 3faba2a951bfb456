import { cn } from '@/lib/cn';

export interface SpinnerProps {
  /** Pixel size class, e.g. 'size-4' (default) or 'size-8'. */
  className?: string;
  /** When given, the spinner is announced (role="status") with this text. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = (
    <svg className={cn('animate-spin', className ?? 'size-4')} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel while it loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-blue-700 dark:text-blue-300">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
