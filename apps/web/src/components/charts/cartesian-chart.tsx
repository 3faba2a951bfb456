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
}

// Series differ by more than colour (WCAG 1.4.1): marker shape and dash pattern too.
const POINT_STYLES: PointStyle[] = ['circle', 'triangle', 'rectRot', 'rect'];
const DASHES: number[][] = [[], [6, 4], [2, 3], [8, 3, 2, 3]];

const plain = (value: number) => new Intl.NumberFormat('en-US').format(value);

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
}: CartesianChartProps) {
  const summaryId = useId();
  const theme = useChartTheme();
  const { dark, reducedMotion } = theme;

  const data = useMemo(() => {
    const datasets = series.map((item, index) => {
      const color = theme.tones[item.tone];
      return {
        label: item.label,
        data: [...item.data],
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
    // The theme object is rebuilt each render; its colours change only with `dark`.
  }, [series, labels, type, fill, dark]);

  const options = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? (false as const) : undefined,
      interaction: { mode: 'index' as const, intersect: false },
      plugins: {
        legend: {
          display: series.length > 1,
          position: 'bottom' as const,
          labels: { color: theme.text, usePointStyle: true, boxWidth: 8, boxHeight: 8, padding: 16 },
        },
        tooltip: {
          callbacks: {
            label: (context: { dataset: { label?: string }; parsed: { y: number | null } }) =>
              `${context.dataset.label ?? ''}: ${formatValue(context.parsed.y ?? 0)}`,
          },
        },
      },
      scales: {
        x: {
          ticks: { color: theme.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
          grid: { display: false },
          border: { color: theme.grid },
        },
        y: {
          beginAtZero: true,
          ticks: { color: theme.text, precision: 0, callback: (value: number | string) => formatValue(Number(value)) },
          grid: { color: theme.grid },
          border: { display: false },
        },
      },
    }),
    [dark, reducedMotion, series.length, formatValue],
  );

  const ariaLabel = `${title}, ${type === 'line' ? 'line' : 'bar'} chart`;
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
