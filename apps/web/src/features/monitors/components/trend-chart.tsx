import type { MonitorTrend } from '@altwise/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { useChartTheme } from '@/components/charts/chart-theme';
import { formatDateTime, formatNumber } from '@/lib/format';
import { coverageText } from '../monitor-texts';

type Point = MonitorTrend['points'][number];

const HEIGHT = 240;
const MARGIN = { top: 12, right: 48, bottom: 32, left: 52 };
/** Run labels on the x axis at least this far apart (px); the table lists every run. */
const LABEL_GAP = 56;

/** The drawing's width follows its box (so text keeps its size at 320 px), measured by a ResizeObserver. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The top of the failures axis: 1, 2, 5, 10, 20, 50… at or above the peak, so its ticks are round. */
export function niceMax(peak: number): number {
  for (let step = 1; ; step *= 10) {
    for (const factor of [1, 2, 5]) if (step * factor >= peak) return step * factor;
  }
}

/** "Coverage went from 95% (run 1) to 98.3% (run 3); failing occurrences from 3 to 1." */
export function trendSummary(points: readonly Point[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No completed run yet.';
  if (points.length === 1) return `One completed run (run ${first.number}): coverage ${coverageText(first.coverage)}, ${formatNumber(first.failing)} failing occurrences.`;
  return `Over ${points.length} completed runs, coverage went from ${coverageText(first.coverage)} (run ${first.number}) to ${coverageText(last.coverage)} (run ${last.number}); failing occurrences from ${formatNumber(first.failing)} to ${formatNumber(last.failing)}.`;
}

/**
 * Coverage (left axis, 0–100%) and failing occurrences (right axis) per completed run, drawn as an
 * SVG (no chart library in this screen's chunk). The two lines differ by more than colour (WCAG
 * 1.4.1): solid with circles against dashed with squares. The picture is one image to assistive
 * technology, named and described by the summary; the data table under it carries every value.
 */
export function TrendChart({ points }: { points: readonly Point[] }) {
  const theme = useChartTheme();
  const summaryId = useId();
  const { ref, width } = useWidth(640);
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const failMax = niceMax(Math.max(1, ...points.map((point) => point.failing)));
  const x = (index: number) => MARGIN.left + (points.length === 1 ? plotWidth / 2 : (index / (points.length - 1)) * plotWidth);
  const yCoverage = (coverage: number) => MARGIN.top + (1 - coverage) * plotHeight;
  const yFailing = (failing: number) => MARGIN.top + (1 - failing / failMax) * plotHeight;
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(plotWidth / LABEL_GAP))));
  const coverageColor = theme.tones.blue;
  const failingColor = theme.tones.red;

  // A run without images has no coverage: the line breaks there instead of dropping to zero.
  const coverageSegments: string[][] = [[]];
  points.forEach((point, index) => {
    if (point.coverage === null) coverageSegments.push([]);
    else coverageSegments.at(-1)!.push(`${x(index)},${yCoverage(point.coverage)}`);
  });
  const failingLine = points.map((point, index) => `${x(index)},${yFailing(point.failing)}`).join(' ');

  const table = {
    caption: 'Coverage and failures over time',
    columns: ['Run', 'Finished', 'Coverage', 'Failing occurrences', 'Regressed', 'Pages crawled'],
    rows: points.map((point) => [`Run ${point.number}`, formatDateTime(point.finishedAt), coverageText(point.coverage), formatNumber(point.failing), formatNumber(point.regressed), formatNumber(point.pagesCrawled)] as [string, ...string[]]),
  };

  const legend = (
    <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-700 dark:text-gray-200">
      <li className="flex items-center gap-2">
        <svg width="28" height="10" aria-hidden="true">
          <line x1="0" y1="5" x2="28" y2="5" stroke={coverageColor} strokeWidth="2" />
          <circle cx="14" cy="5" r="3.5" fill={coverageColor} />
        </svg>
        Coverage (left axis)
      </li>
      <li className="flex items-center gap-2">
        <svg width="28" height="10" aria-hidden="true">
          <line x1="0" y1="5" x2="28" y2="5" stroke={failingColor} strokeWidth="2" strokeDasharray="6 4" />
          <rect x="10.5" y="1.5" width="7" height="7" fill={failingColor} />
        </svg>
        Failing occurrences (right axis)
      </li>
    </ul>
  );

  return (
    <ChartFrame summaryId={summaryId} summary={trendSummary(points)} table={table} legend={legend}>
      <div ref={ref} className="h-full w-full">
        <svg
          role="img"
          aria-label="Coverage and failures over time, line chart"
          aria-describedby={summaryId}
          width="100%"
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block overflow-visible"
          data-testid="trend-chart"
        >
          {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={yCoverage(tick)} y2={yCoverage(tick)} stroke={theme.grid} />
              <text x={MARGIN.left - 8} y={yCoverage(tick)} dy="0.32em" textAnchor="end" fontSize="12" fill={theme.text}>
                {tick * 100}%
              </text>
              <text x={MARGIN.left + plotWidth + 8} y={yCoverage(tick)} dy="0.32em" textAnchor="start" fontSize="12" fill={theme.text}>
                {Number.isInteger(failMax * tick) ? formatNumber(failMax * tick) : ''}
              </text>
            </g>
          ))}
          {points.map((point, index) =>
            index % every === 0 || index === points.length - 1 ? (
              <text key={point.runId} x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize="12" fill={theme.text}>
                {`Run ${point.number}`}
              </text>
            ) : null,
          )}
          {coverageSegments.map((segment, index) => (segment.length > 1 ? <polyline key={index} points={segment.join(' ')} fill="none" stroke={coverageColor} strokeWidth="2" /> : null))}
          <polyline points={failingLine} fill="none" stroke={failingColor} strokeWidth="2" strokeDasharray="6 4" />
          {points.map((point, index) => (
            <g key={point.runId}>
              {point.coverage !== null && <circle cx={x(index)} cy={yCoverage(point.coverage)} r="4" fill={coverageColor} />}
              <rect x={x(index) - 3.5} y={yFailing(point.failing) - 3.5} width="7" height="7" fill={failingColor} />
            </g>
          ))}
        </svg>
      </div>
    </ChartFrame>
  );
}
