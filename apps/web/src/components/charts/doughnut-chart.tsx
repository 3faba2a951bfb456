import type { ChartOptions } from 'chart.js';
import { useId, useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import './chart-setup';
import { ChartFrame } from './chart-frame';
import { useChartTheme } from './chart-theme';
import type { ChartTone } from './chart-theme';

export interface DoughnutSegment {
  label: string;
  value: number;
  /** A tone, or 'track' for the neutral "rest" segment (e.g. remaining quota). */
  tone: ChartTone | 'track';
}

export interface DoughnutChartProps {
  /** Names the chart: the canvas's accessible name and the data table's caption. */
  title: string;
  segments: readonly DoughnutSegment[];
  /** One sentence saying what the chart shows; linked to the canvas with aria-describedby. */
  summary: string;
  /** Header of the table's first column, e.g. "Status". */
  categoryHeader: string;
  /** Header of the value column (default "Value"). */
  valueHeader?: string;
  formatValue?: (value: number) => string;
  /** Big figure in the hole, with a small caption under it (decorative: the summary says it). */
  center?: { value: string; caption: string };
  /** Shown in the hole when every segment is zero. */
  emptyText?: string;
  heightClassName?: string;
  isUpdating?: boolean;
}

const plain = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** A doughnut with a text alternative (summary sentence and data table) and a legend. */
export function DoughnutChart({
  title,
  segments,
  summary,
  categoryHeader,
  valueHeader = 'Value',
  formatValue = plain,
  center,
  emptyText = 'No data yet',
  heightClassName = 'h-56',
  isUpdating,
}: DoughnutChartProps) {
  const summaryId = useId();
  const theme = useChartTheme();
  const { reducedMotion } = theme;
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);
  const empty = total === 0;

  const data = useMemo(() => {
    // With nothing to show, one neutral ring keeps the shape (tooltips and legend off below).
    const colors = segments.map((segment) => (segment.tone === 'track' ? theme.track : theme.tones[segment.tone]));
    return {
      labels: segments.map((segment) => segment.label),
      datasets: [
        {
          data: empty ? [1] : segments.map((segment) => segment.value),
          backgroundColor: empty ? [theme.track] : colors,
          borderColor: theme.surface,
          borderWidth: empty ? 0 : 2,
          hoverOffset: empty ? 0 : 4,
        },
      ],
    };
  }, [segments, empty, theme]);

  const options: ChartOptions<'doughnut'> = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      cutout: '70%',
      animation: reducedMotion ? false : undefined,
      plugins: {
        // The legend is HTML under the canvas, so the hole's figure sits exactly in the middle.
        legend: { display: false },
        tooltip: {
          enabled: !empty,
          callbacks: { label: (context) => `${context.label}: ${formatValue(Number(context.parsed))}` },
        },
      },
    }),
    [reducedMotion, empty, formatValue],
  );

  const table = {
    caption: title,
    columns: [categoryHeader, valueHeader],
    rows: segments.map((segment) => [segment.label, formatValue(segment.value)] as [string, string]),
  };
  const hole = empty ? { value: '0', caption: emptyText } : center;
  const colorOf = (tone: DoughnutSegment['tone']) => (tone === 'track' ? theme.track : theme.tones[tone]);

  return (
    <ChartFrame
      summaryId={summaryId}
      summary={summary}
      table={table}
      heightClassName={heightClassName}
      isUpdating={isUpdating}
      legend={
        // Hidden from screen readers: the summary and the table already give every segment.
        <ul aria-hidden="true" className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-gray-700 dark:text-gray-200">
          {segments.map((segment) => (
            <li key={segment.label} className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-full" style={{ backgroundColor: colorOf(segment.tone) }} />
              {segment.label}
            </li>
          ))}
        </ul>
      }
    >
      <Doughnut
        data={data}
        options={options}
        role="img"
        aria-label={`${title}, doughnut chart`}
        aria-describedby={summaryId}
      />
      {hole && (
        // Decorative: the summary sentence says the same.
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
          <span className="text-2xl font-bold text-gray-900 dark:text-white">{hole.value}</span>
          <span className="max-w-28 text-xs text-gray-600 dark:text-gray-300">{hole.caption}</span>
        </div>
      )}
    </ChartFrame>
  );
}
