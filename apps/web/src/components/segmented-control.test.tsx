import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './segmented-control';

const OPTIONS = [
  { value: '24h', label: '24h' },
  { value: '7d', label: '7d' },
  { value: '30d', label: '30d' },
] as const;

type Range = (typeof OPTIONS)[number]['value'];

function Harness() {
  const [value, setValue] = useState<Range>('7d');
  return <SegmentedControl<Range> label="Time range" options={OPTIONS} value={value} onChange={setValue} />;
}

describe('SegmentedControl', () => {
  it('is a named radio group whose checked option is the only tab stop', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Time range' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '7d' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: '7d' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: '30d' })).toHaveAttribute('tabindex', '-1');
  });

  it('selects by click and by arrow keys, wrapping and following focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '24h' }));
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '30d' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '30d' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'true');
  });
});
