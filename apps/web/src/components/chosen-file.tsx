import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';

export interface ChosenFileProps {
  file: File;
  onRemove(): void;
  disabled?: boolean;
  /** A list item inside a list of files, a plain block for a single file. */
  as?: 'li' | 'div';
  /** Shown before the name (a thumbnail). */
  leading?: ReactNode;
  className?: string;
}

/** A file the user chose, by name and size, with a Remove button that names it to screen readers. */
export function ChosenFile({ file, onRemove, disabled, as: Element = 'div', leading, className }: ChosenFileProps) {
  return (
    <Element
      className={cn('flex items-center gap-3 rounded-xl border border-gray-200 px-3 py-2 text-sm dark:border-gray-700', className)}
    >
      {leading}
      <span className="min-w-0 flex-1 truncate text-gray-800 dark:text-gray-200">
        <span className="font-medium">{file.name}</span>{' '}
        <span className="text-gray-600 dark:text-gray-300">({formatBytes(file.size)})</span>
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={onRemove}
        className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
      >
        <X className="size-4" aria-hidden="true" />
        Remove <span className="sr-only">{file.name}</span>
      </button>
    </Element>
  );
}
