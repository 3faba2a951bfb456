/** The grey block a chart card shows while its data loads. */
export function ChartSkeleton({ heightClassName = 'h-64' }: { heightClassName?: string }) {
  return (
    <div className={`${heightClassName} animate-pulse rounded-xl bg-gray-100 dark:bg-gray-800`}>
      <span className="sr-only">Loading chart</span>
    </div>
  );
}
