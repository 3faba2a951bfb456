import type { ReactNode } from 'react';

/** The white card the auth forms sit in, with the screen's h1. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">{title}</h1>
        {subtitle && <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{subtitle}</p>}
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-xl shadow-gray-900/5 sm:p-8 dark:border-gray-800 dark:bg-gray-900 dark:shadow-none">
        {children}
      </div>
      {footer && <div className="mt-6 text-center text-sm text-gray-600 dark:text-gray-300">{footer}</div>}
    </div>
  );
}

export const linkClasses =
  'rounded font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:focus-visible:ring-blue-400';
