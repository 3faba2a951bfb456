import type { ReactNode } from 'react';
import { Card, CardHeader } from '../card';
import { ChartSkeleton } from './chart-skeleton';

export interface ChartCardProps {
  title: string;
  description?: ReactNode;
  /** A control beside the title (e.g. a scale switch). */
  action?: ReactNode;
  className?: string;
  /** Height of the loading block; the same as the chart's `heightClassName`. */
  skeletonHeightClassName?: string;
  /** The chart, or nothing while its data loads (a skeleton stands in). */
  children: ReactNode;
}

/** A card with a heading and one chart, showing a skeleton until the chart's data is there. */
export function ChartCard({ title, description, action, className, skeletonHeightClassName, children }: ChartCardProps) {
  return (
    <Card className={className}>
      <CardHeader title={title} description={description} action={action} />
      {children || <ChartSkeleton heightClassName={skeletonHeightClassName} />}
    </Card>
  );
}
