import type { ComponentProps } from 'react';

/**
 * Stand-ins for react-chartjs-2 in jsdom (which has no canvas): a <canvas> that keeps the
 * accessibility attributes and exposes the data as data-* for assertions.
 * Use: vi.mock('react-chartjs-2', async () => (await import('@/test/chart-mock')).chartMock);
 */
type Props = ComponentProps<'canvas'> & { data: { labels?: unknown[]; datasets: Array<{ data: unknown[] }> }; options?: unknown };

/** The options each chart was last drawn with, by its accessible name (callbacks included). */
export const chartOptions = new Map<string, any>();

function FakeChart({ type, data, options, ...canvas }: Props & { type: string }) {
  chartOptions.set(String(canvas['aria-label']), options);
  return (
    <canvas
      {...canvas}
      data-chart={type}
      data-labels={JSON.stringify(data.labels ?? [])}
      data-values={JSON.stringify(data.datasets.map((dataset) => dataset.data))}
    />
  );
}

export const chartMock = {
  Line: (props: Props) => <FakeChart type="line" {...props} />,
  Bar: (props: Props) => <FakeChart type="bar" {...props} />,
  Doughnut: (props: Props) => <FakeChart type="doughnut" {...props} />,
};
