import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from '@/lib/toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    act(() => useToastStore.getState().clear());
    vi.useRealTimers();
  });

  it('announces successes politely and errors assertively; a success leaves after four seconds, an error stays', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Setting updated successfully!');
      toast.error('Passwords do not match');
    });
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Setting updated successfully!');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveTextContent('Passwords do not match');

    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Setting updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Setting updated successfully!')).not.toBeInTheDocument();
    // Still there a minute later: an error is read at the reader's pace.
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('pauses while hovered and while focused, and resumes when left', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard!');
    });
    const card = screen.getByText('Copied to clipboard!');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(card.closest('[data-toast]')!.parentElement!.parentElement!);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    fireEvent.mouseLeave(card.closest('[data-toast]')!.parentElement!.parentElement!);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();

    act(() => {
      toast.success('Saved');
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('is dismissed by its button or by Escape from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard!');
      toast.error('Something failed');
    });
    await user.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Something failed')).not.toBeInTheDocument();
  });
});
