import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

// min-w-0: as a grid or flex item a card shrinks to its column; a chart's canvas (300 px before it
// is sized) otherwise widened it past a 320 px screen.
export const cardClasses =
  'min-w-0 rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900';

export interface CardProps extends ComponentProps<'div'> {
  /** Inner padding; false for edge-to-edge content. */
  padded?: boolean;
}

export function Card({ padded = true, className, ...rest }: CardProps) {
  return <div className={cn(cardClasses, padded && 'p-6', className)} {...rest} />;
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Something on the right: a button, a badge. */
  action?: ReactNode;
  /** Heading level of the title (default h2). */
  as?: 'h2' | 'h3';
  id?: string;
  className?: string;
}

export function CardHeader({ title, description, action, as: Heading = 'h2', id, className }: CardHeaderProps) {
  return (
    // Wraps on a narrow screen: the action goes under the title instead of over it.
    <div className={cn('mb-4 flex flex-wrap items-start justify-between gap-4', className)}>
      <div className="min-w-0 break-words">
        <Heading id={id} className="text-lg font-semibold text-gray-900 dark:text-white">
          {title}
        </Heading>
        {description && <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{description}</p>}
      </div>
      {action && <div className="max-w-full">{action}</div>}
    </div>
  );
}
