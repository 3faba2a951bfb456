import type { ComponentType, ReactNode, SVGProps } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** A button or link to get out of the empty state. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon: Icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700',
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 rounded-full bg-gray-100 p-3 text-gray-600 dark:bg-gray-800 dark:text-gray-300">
          <Icon className="size-6" aria-hidden="true" />
        </div>
      )}
      <p className="text-base font-semibold text-gray-900 dark:text-white">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-gray-600 dark:text-gray-300">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
