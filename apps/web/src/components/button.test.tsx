import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('keeps focus while busy and ignores presses (aria-disabled, not disabled)', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(
      <Button onClick={onClick} isLoading loadingText="Saving...">
        Save
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while busy, by a press or by Enter in a field', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const user = userEvent.setup();
    render(
      <form onSubmit={onSubmit} aria-label="Form">
        <input aria-label="Name" />
        <Button type="submit" isLoading>
          Send
        </Button>
      </form>,
    );
    await user.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disabled under the focus stays focusable until focus leaves, then is disabled for real', async () => {
    const user = userEvent.setup();
    function UsedUp() {
      const [left, setLeft] = useState(1);
      return (
        <>
          <Button disabled={left === 0} onClick={() => setLeft(0)}>
            Accept ({left})
          </Button>
          <button type="button">Next</button>
        </>
      );
    }
    render(<UsedUp />);
    await user.click(screen.getByRole('button', { name: 'Accept (1)' }));
    const used = screen.getByRole('button', { name: 'Accept (0)' });
    expect(used).toHaveFocus();
    expect(used).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(used).toBeDisabled();
  });

  it('is disabled outright when it never had focus', () => {
    render(<Button disabled>Current Plan</Button>);
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });
});
