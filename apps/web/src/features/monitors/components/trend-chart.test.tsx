import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TREND } from '../monitor-fixtures';
import { TrendChart, niceMax, trendSummary } from './trend-chart';

describe('The trend chart', () => {
  it('rounds the failures axis up to 1, 2 or 5 times a power of ten', () => {
    expect([1, 2, 3, 7, 10, 11, 49, 51, 999].map(niceMax)).toEqual([1, 2, 5, 10, 10, 20, 50, 100, 1000]);
  });

  it('says what the runs show, and breaks the coverage line at a run without images', () => {
    expect(trendSummary([])).toBe('No completed run yet.');
    expect(trendSummary(TREND.points.slice(0, 1))).toBe('One completed run (run 1): coverage 100%, 0 failing occurrences.');
    const points = [...TREND.points, { ...TREND.points[1]!, runId: 'r3', number: 3, coverage: null }, { ...TREND.points[1]!, runId: 'r4', number: 4 }];
    const { container } = render(<TrendChart points={points} />);
    // Runs 1–2 make a coverage line, run 4 alone none; circles: three coverage markers and the legend's.
    expect(container.querySelectorAll('polyline[stroke-dasharray]')).toHaveLength(1);
    expect(container.querySelectorAll('polyline:not([stroke-dasharray])')).toHaveLength(1);
    expect(container.querySelectorAll('circle')).toHaveLength(3 + 1);
    expect(screen.getByRole('row', { name: /Run 3/ })).toHaveTextContent('No images');
  });
});
