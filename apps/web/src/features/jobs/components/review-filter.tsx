import type { ReviewCounts, ReviewFilter } from '@altwise/shared';
import { SelectField } from '@/components/select-field';
import { countOf } from '../job-texts';

const NAMES: Record<ReviewFilter, string> = {
  all: 'All',
  needs_review: 'Needs review',
  uncertain: 'Readings disagree',
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Pending',
  succeeded: 'Described',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** "Needs review (12 images, 520 rows)": groups, and rows where identical images make them differ. */
function optionLabel(filter: ReviewFilter, counts: ReviewCounts | undefined): string {
  if (!counts) return NAMES[filter];
  const groups = counts.groups[filter];
  const rows = counts.rows[filter];
  return rows === groups ? `${NAMES[filter]} (${groups.toLocaleString()})` : `${NAMES[filter]} (${countOf(groups, 'image')}, ${countOf(rows, 'row')})`;
}

/** Every state an item or its review can be in, each with its count. */
export function ReviewFilterField({ value, counts, onChange }: { value: ReviewFilter; counts: ReviewCounts | undefined; onChange: (filter: ReviewFilter) => void }) {
  const options = (Object.keys(NAMES) as ReviewFilter[]).map((filter) => ({ value: filter, label: optionLabel(filter, counts) }));
  return <SelectField label="Show" options={options} value={value} onChange={(event) => onChange(event.target.value as ReviewFilter)} containerClassName="max-w-sm" />;
}

export const filterName = (filter: ReviewFilter) => NAMES[filter].toLowerCase();
