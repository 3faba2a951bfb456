import { render, screen, waitFor } from '@testing-library/react';
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
  it('is a named radio group that Tab enters on the checked option and leaves in one step', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">After</button>
      </>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Time range' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '7d' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'false');
    await user.tab();
    expect(screen.getByRole('radio', { name: '7d' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('selects by click and by arrow keys, wrapping and following focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '24h' }));
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '24h' })).toHaveFocus();
    // Held as a person holds a key: Radix moves focus a tick after keydown and selects what gains
    // focus while an arrow key is down.
    await user.keyboard('{ArrowLeft>}');
    await waitFor(() => expect(screen.getByRole('radio', { name: '30d' })).toHaveAttribute('aria-checked', 'true'));
    await user.keyboard('{/ArrowLeft}');
    expect(screen.getByRole('radio', { name: '30d' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: '24h' })).toHaveAttribute('aria-checked', 'true');
  });
  it('selects with every arrow key pressed and released at once, as screen readers and quick typists send them', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    function Recording() {
      const [value, setValue] = useState<Range>('7d');
      return (
        <SegmentedControl<Range>
          label="Time range"
          options={OPTIONS}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Recording />);
    await user.tab();
    const radio = (name: string) => screen.getByRole('radio', { name });
    const expectSelected = (name: string) => {
      expect(radio(name)).toHaveAttribute('aria-checked', 'true');
      expect(radio(name)).toHaveFocus();
    };
    await user.keyboard('{ArrowRight}');
    expectSelected('30d');
    await user.keyboard('{ArrowDown}');
    expectSelected('24h');
    await user.keyboard('{ArrowUp}');
    expectSelected('30d');
    await user.keyboard('{ArrowLeft}');
    expectSelected('7d');
    await user.keyboard('{End}');
    expectSelected('30d');
    await user.keyboard('{Home}');
    expectSelected('24h');
    // One change per key press: focus and selection never part, and nothing fires twice.
    expect(changes).toEqual(['30d', '24h', '30d', '7d', '30d', '24h']);
  });
});
