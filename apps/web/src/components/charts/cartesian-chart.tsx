import type { ChartData, ChartOptions, PointStyle } from 'chart.js';
import { useId, useMemo } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import './chart-setup';
import { ChartFrame } from './chart-frame';
import { useChartTheme, withAlpha } from './chart-theme';
import type { ChartTone } from './chart-theme';

export interface ChartSeries {
  label: string;
  /** One value per category, in the order of `labels`. */
  data: readonly number[];
  tone: ChartTone;
}

export interface CartesianChartProps {
  type: 'line' | 'bar';
  /** Names the chart: the canvas's accessible name and the data table's caption. */
  title: string;
  /** Short category labels under the x axis ("Mon", "14:00"). */
  labels: readonly string[];
  /** Longer labels for the data table ("Monday, Nov 17"); defaults to `labels`. */
  tableLabels?: readonly string[];
  /** Header of the table's first column, e.g. "Day" or "Hour". */
  categoryHeader: string;
  series: readonly ChartSeries[];
  /** One sentence saying what the chart shows; linked to the canvas with aria-describedby. */
  summary: string;
  /** Formats values in the table, tooltips and y axis (default: plain number). */
  formatValue?: (value: number) => string;
  /** Line charts: shade the area under a single series. */
  fill?: boolean;
  heightClassName?: string;
  isUpdating?: boolean;
  /**
   * 'log': a logarithmic y axis, so one busy day does not flatten every other into the floor. The
   * table and tooltips keep the real values.
   */
  scale?: 'linear' | 'log';
}

// Series differ by more than colour (WCAG 1.4.1): marker shape and dash pattern too.
const POINT_STYLES: PointStyle[] = ['circle', 'triangle', 'rectRot', 'rect'];
const DASHES: number[][] = [[], [6, 4], [2, 3], [8, 3, 2, 3]];

const plain = (value: number) => new Intl.NumberFormat('en-US').format(value);

/**
 * The log axis plots log10(1 + value) on a linear scale rather than using Chart.js's logarithmic
 * scale, which cannot draw zero (an idle day would vanish from the line instead of sitting on the
 * axis). Ticks sit at 0, 1, 10, 100, … and read as those counts.
 */
export const toLogValue = (value: number) => Math.log10(1 + Math.max(0, value));
const fromLogValue = (plotted: number) => Math.round(10 ** plotted - 1);

export function logTicks(max: number): { value: number }[] {
  const ticks = [{ value: 0 }];
  for (let count = 1; ; count *= 10) {
    ticks.push({ value: toLogValue(count) });
    if (count >= max) return ticks;
  }
}

/** A line or bar chart with a text alternative (summary sentence and data table). */
export function CartesianChart({
  type,
  title,
  labels,
  tableLabels,
  categoryHeader,
  series,
  summary,
  formatValue = plain,
  fill = false,
  heightClassName,
  isUpdating,
  scale = 'linear',
}: CartesianChartProps) {
  const isLog = scale === 'log';
  const summaryId = useId();
  const theme = useChartTheme();
  const peak = useMemo(() => Math.max(0, ...series.flatMap((item) => item.data)), [series]);

  const data = useMemo(() => {
    const datasets = series.map((item, index) => {
      const color = theme.tones[item.tone];
      return {
        label: item.label,
        data: isLog ? item.data.map(toLogValue) : [...item.data],
        borderColor: color,
        backgroundColor: type === 'bar' ? color : withAlpha(color, fill ? 0.15 : 1),
        pointStyle: POINT_STYLES[index % POINT_STYLES.length],
        pointBackgroundColor: color,
        pointRadius: labels.length > 31 ? 0 : 3,
        pointHoverRadius: 5,
        borderWidth: 2,
        borderDash: DASHES[index % DASHES.length],
        borderRadius: 4,
        maxBarThickness: 36,
        // Smooth without overshooting below zero or above the peak.
        cubicInterpolationMode: 'monotone' as const,
        fill: type === 'line' && fill ? 'origin' : false,
      };
    });
    return { labels: [...labels], datasets };
  }, [series, labels, type, fill, theme, isLog]);

  const options = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: theme.reducedMotion ? (false as const) : undefined,
      interaction: { mode: 'index' as const, intersect: false },
      plugins: {
        legend: {
          display: series.length > 1,
          position: 'bottom' as const,
          labels: { color: theme.text, usePointStyle: true, boxWidth: 8, boxHeight: 8, padding: 16 },
        },
        tooltip: {
          callbacks: {
            // The series' own value: on the log axis the plotted one is its logarithm.
            label: (context: { dataset: { label?: string }; datasetIndex: number; dataIndex: number }) =>
              `${context.dataset.label ?? ''}: ${formatValue(series[context.datasetIndex]?.data[context.dataIndex] ?? 0)}`,
          },
        },
      },
      scales: {
        x: {
          ticks: { color: theme.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
          grid: { display: false },
          border: { color: theme.grid },
        },
        y: isLog
          ? {
              min: 0,
              max: logTicks(peak).at(-1)!.value,
              afterBuildTicks: (axis: { ticks: { value: number }[] }) => {
                axis.ticks = logTicks(peak);
              },
              ticks: { color: theme.text, callback: (value: number | string) => formatValue(fromLogValue(Number(value))) },
              grid: { color: theme.grid },
              border: { display: false },
            }
          : {
              beginAtZero: true,
              ticks: { color: theme.text, precision: 0, callback: (value: number | string) => formatValue(Number(value)) },
              grid: { color: theme.grid },
              border: { display: false },
            },
      },
    }),
    [theme, series, formatValue, isLog, peak],
  );

  const ariaLabel = `${title}, ${type === 'line' ? 'line' : 'bar'} chart${isLog ? ', logarithmic scale' : ''}`;
  const canvasProps = { role: 'img', 'aria-label': ariaLabel, 'aria-describedby': summaryId };
  const rowLabels = tableLabels ?? labels;
  const table = {
    caption: title,
    columns: [categoryHeader, ...series.map((item) => item.label)],
    rows: rowLabels.map(
      (label, index) =>
        [label, ...series.map((item) => formatValue(item.data[index] ?? 0))] as [string, ...string[]],
    ),
  };

  return (
    <ChartFrame summaryId={summaryId} summary={summary} table={table} heightClassName={heightClassName} isUpdating={isUpdating}>
      {type === 'line' ? (
        <Line
          data={data as ChartData<'line'>}
          options={options as ChartOptions<'line'>}
          {...canvasProps}
        />
      ) : (
        <Bar data={data as unknown as ChartData<'bar'>} options={options as ChartOptions<'bar'>} {...canvasProps} />
      )}
    </ChartFrame>
  );
}
