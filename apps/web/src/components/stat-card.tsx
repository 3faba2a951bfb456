import type { ComponentType, ReactNode, SVGProps } from 'react';
import { cn } from '@/lib/cn';
import { cardClasses } from './card';

export type StatTone = 'blue' | 'green' | 'violet' | 'amber' | 'red';

const iconTones: Record<StatTone, string> = {
  blue: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  violet: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  red: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A lucide-react icon component (rendered decoratively). */
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** A short line under the value, e.g. "+12% from yesterday". */
  hint?: ReactNode;
  tone?: StatTone;
  /** Shows a skeleton instead of the value. */
  isLoading?: boolean;
  className?: string;
}

/** A labelled figure; label and value are grouped so screen readers read them together. */
export function StatCard({ label, value, icon: Icon, hint, tone = 'blue', isLoading, className }: StatCardProps) {
  return (
    <div className={cn(cardClasses, 'p-4 sm:p-5', className)}>
      {/* On a phone (two cards a row) the icon sits above the figures, which keep the width. */}
      <div className="flex flex-col-reverse items-start justify-between gap-2 sm:flex-row sm:gap-4">
        <dl className="min-w-0">
          <dt className="text-sm font-medium text-gray-600 dark:text-gray-300">{label}</dt>
          <dd className="mt-1 text-xl font-bold tracking-tight break-words text-gray-900 sm:mt-2 sm:text-2xl dark:text-white">
            {isLoading ? (
              <span className="block h-8 w-20 animate-pulse rounded bg-gray-200 dark:bg-gray-700">
                <span className="sr-only">Loading</span>
              </span>
            ) : (
              value
            )}
          </dd>
          {hint && <dd className="mt-1 text-xs text-gray-600 sm:text-sm dark:text-gray-300">{hint}</dd>}
        </dl>
        {Icon && (
          <div className={cn('rounded-xl p-2 sm:p-3', iconTones[tone])}>
            <Icon className="size-5 sm:size-6" aria-hidden="true" />
          </div>
        )}
      </div>
    </div>
  );
}

/** A row of stat cards as a labelled list: a 2×2 grid up to wide screens, then four in a row. */
export function StatList({ label, stats }: { label: string; stats: ReadonlyArray<Omit<StatCardProps, 'className'>> }) {
  return (
    <ul aria-label={label} data-testid="stat-list" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {stats.map((stat) => (
        <li key={stat.label} className="min-w-0">
          <StatCard {...stat} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
