import type { ReviewCounts } from '@altwise/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewFilterField } from './components/review-filter';
import { skippedRowsText } from './job-texts';

/** Issue 35 row 14: plurals right in the job screen's counts. */
describe('job texts count in the right number', () => {
  it('says "1 row was not accepted", "2 rows were not accepted"', () => {
    expect(skippedRowsText(1)).toBe('1 row was not accepted');
    expect(skippedRowsText(2)).toBe('2 rows were not accepted');
    expect(skippedRowsText(1043)).toBe('1,043 rows were not accepted');
  });

  it('labels the filter options "Approved (1 image, 2 rows)", and "(1,000 images, 1,043 rows)"', () => {
    const zero = { all: 0, needs_review: 0, uncertain: 0, approved: 0, rejected: 0, pending: 0, succeeded: 0, failed: 0, cancelled: 0 };
    const counts = { groups: { ...zero, approved: 1, needs_review: 1000, failed: 1 }, rows: { ...zero, approved: 2, needs_review: 1043, failed: 1 } } as ReviewCounts;
    render(<ReviewFilterField value="all" counts={counts} onChange={vi.fn()} />);
    expect(screen.getByRole('option', { name: 'Approved (1 image, 2 rows)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Needs review (1,000 images, 1,043 rows)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Failed (1)' })).toBeInTheDocument();
  });
});
