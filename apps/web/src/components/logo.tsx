import { cn } from '@/lib/cn';

/** The Altwise mark and word; decorative mark, the word is the text. */
export function Logo({
  className,
  collapsed = false,
  compactOnMobile = false,
}: {
  className?: string;
  /** Mark only; the word stays for screen readers. */
  collapsed?: boolean;
  /** Mark only below the sm breakpoint. */
  compactOnMobile?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-blue-600 to-violet-700 text-lg font-black text-white shadow-md shadow-blue-700/30"
      >
        A
      </span>
      <span className={cn('text-lg font-bold tracking-tight text-gray-900 dark:text-white', collapsed && 'sr-only', compactOnMobile && 'max-sm:sr-only')}>
        Altwise
      </span>
    </span>
  );
}
