import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { chartOptions } from '@/test/chart-mock';
import { CartesianChart, logTicks, toLogValue } from './cartesian-chart';
import { DoughnutChart } from './doughnut-chart';

vi.mock('react-chartjs-2', async () => (await import('@/test/chart-mock')).chartMock);

describe('the logarithmic axis', () => {
  it('plots log10(1 + n), keeps zero on the axis, ticks at 0, 1, 10, 100… and shows real values', () => {
    render(
      <CartesianChart
        type="line"
        title="Request trends"
        labels={['Mon', 'Tue', 'Wed']}
        categoryHeader="Day"
        series={[{ label: 'Successful', data: [0, 9, 1200], tone: 'green' }]}
        summary="Requests per day."
        scale="log"
      />,
    );
    const canvas = screen.getByRole('img', { name: 'Request trends, line chart, logarithmic scale' });
    expect(JSON.parse(canvas.dataset.values!)).toEqual([[0, 1, toLogValue(1200)]]);
    const y = chartOptions.get('Request trends, line chart, logarithmic scale').scales.y;
    expect(y.min).toBe(0);
    expect(y.max).toBeCloseTo(Math.log10(10_001), 9);
    const axis = { ticks: [] as { value: number }[] };
    y.afterBuildTicks(axis);
    expect(axis.ticks.map((tick) => y.ticks.callback(tick.value))).toEqual(['0', '1', '10', '100', '1,000', '10,000']);
    // Tooltips read the series, not the plotted logarithm.
    const tooltip = chartOptions.get('Request trends, line chart, logarithmic scale').plugins.tooltip.callbacks.label;
    expect(tooltip({ dataset: { label: 'Successful' }, datasetIndex: 0, dataIndex: 2 })).toBe('Successful: 1,200');
    // The table keeps the real counts.
    expect(within(screen.getByRole('table', { name: 'Request trends' })).getByRole('cell', { name: '1,200' })).toBeInTheDocument();
  });

  it('needs only the 0 and 1 ticks when nothing happened', () => {
    expect(logTicks(0).length).toBe(2);
    expect(logTicks(1).map((tick) => tick.value)).toEqual([0, Math.log10(2)]);
  });
});

describe('chart text alternatives', () => {
  it('names a line chart, links its summary and puts every value in a captioned table', () => {
    render(
      <CartesianChart
        type="line"
        title="Request trends"
        labels={['Mon', 'Tue']}
        tableLabels={['Monday, Nov 17', 'Tuesday, Nov 18']}
        categoryHeader="Day"
        series={[
          { label: 'Successful', data: [5, 1200], tone: 'green' },
          { label: 'Failed', data: [1, 0], tone: 'red' },
        ]}
        summary="1,206 requests in the last 7 days."
      />,
    );
    const canvas = screen.getByRole('img', { name: 'Request trends, line chart' });
    expect(canvas).toHaveAccessibleDescription('1,206 requests in the last 7 days.');

    const table = screen.getByRole('table', { name: 'Request trends' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Day', 'Successful', 'Failed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['5', '1'],
      ['1,200', '0'],
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Tuesday, Nov 18');
  });

  it('formats bar values in the table with the chart formatter', () => {
    render(
      <CartesianChart
        type="bar"
        title="Response time"
        labels={['Mon']}
        categoryHeader="Day"
        series={[{ label: 'Average response time', data: [812.4], tone: 'blue' }]}
        summary="Average 812ms."
        formatValue={(value) => `${Math.round(value)}ms`}
      />,
    );
    expect(screen.getByRole('img', { name: 'Response time, bar chart' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Response time' })).getByRole('cell')).toHaveTextContent('812ms');
  });

  it('gives a doughnut a table of its segments and keeps working in the dark theme', () => {
    useUiStore.setState({ theme: 'dark' });
    render(
      <DoughnutChart
        title="Daily usage"
        segments={[
          { label: 'Used', value: 40, tone: 'violet' },
          { label: 'Remaining', value: 460, tone: 'track' },
        ]}
        categoryHeader="Requests"
        valueHeader="Count"
        summary="40 of 500 daily requests used (8%); 460 remaining."
        center={{ value: '8%', caption: 'of 500 used' }}
      />,
    );
    const canvas = screen.getByRole('img', { name: 'Daily usage, doughnut chart' });
    expect(canvas).toHaveAccessibleDescription('40 of 500 daily requests used (8%); 460 remaining.');
    expect(canvas.dataset.values).toBe(JSON.stringify([[40, 460]]));
    const table = screen.getByRole('table', { name: 'Daily usage' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RequestsCount',
      'Used40',
      'Remaining460',
    ]);
    useUiStore.setState({ theme: 'light' });
  });

  it('draws a neutral ring and says so when every segment is zero', () => {
    render(
      <DoughnutChart
        title="Request status"
        segments={[
          { label: 'Successful', value: 0, tone: 'green' },
          { label: 'Failed', value: 0, tone: 'red' },
        ]}
        categoryHeader="Status"
        summary="No requests in the last 7 days."
        emptyText="No requests yet"
      />,
    );
    expect(screen.getByRole('img', { name: 'Request status, doughnut chart' }).dataset.values).toBe('[[1]]');
    expect(screen.getByText('No requests yet')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Request status' })).getAllByRole('row')).toHaveLength(3);
  });
});
