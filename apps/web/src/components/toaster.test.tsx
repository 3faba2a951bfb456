import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from '@/lib/toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    act(() => useToastStore.getState().clear());
    vi.useRealTimers();
  });

  it('announces successes as status and errors as alerts, for four seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Setting updated successfully!');
      toast.error('Passwords do not match');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Setting updated successfully!');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');

    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(screen.queryByText('Setting updated successfully!')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard!');
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });
});
