import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ChartDataTable } from './chart-data-table';
import type { ChartDataTableProps } from './chart-data-table';

export interface ChartFrameProps {
  /** id of the summary paragraph; the canvas points at it with aria-describedby. */
  summaryId: string;
  summary: string;
  table: ChartDataTableProps;
  /** Tailwind height of the drawing area (charts fill it). */
  heightClassName?: string;
  /** True while newer data is loading (the previous data stays drawn). */
  isUpdating?: boolean;
  /** Drawn under the chart, above the summary (e.g. an HTML legend). */
  legend?: ReactNode;
  children: ReactNode;
}

/**
 * The layout every chart shares: the drawing, a one-sentence summary under it and the
 * data as a visually hidden table.
 */
export function ChartFrame({
  summaryId,
  summary,
  table,
  heightClassName = 'h-64',
  isUpdating,
  legend,
  children,
}: ChartFrameProps) {
  return (
    <div aria-busy={isUpdating || undefined}>
      <div className={cn('relative transition-opacity', heightClassName, isUpdating && 'opacity-60')}>{children}</div>
      {legend}
      <p id={summaryId} className="mt-3 text-sm text-gray-600 dark:text-gray-300">
        {summary}
      </p>
      <ChartDataTable {...table} />
    </div>
  );
}
