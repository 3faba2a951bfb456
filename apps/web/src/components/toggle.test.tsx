import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';
import { Toggle } from './toggle';

function Harness() {
  const [on, setOn] = useState(true);
  return <Toggle checked={on} onChange={setOn} label="Email notifications" description="Product news and alerts" />;
}

describe('Toggle', () => {
  it('is a labelled switch that flips on click and keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('Product news and alerts');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('ProgressBar', () => {
  it('exposes its value, range and label', () => {
    render(<ProgressBar label="Hourly usage" value={42} max={100} valueText="42 / 100" />);
    const bar = screen.getByRole('progressbar', { name: 'Hourly usage' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '42 / 100');
  });
});
