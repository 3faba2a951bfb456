import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { copyToClipboard, CopyButton } from './copy-button';
import { Toaster } from './toaster';

describe('copyToClipboard', () => {
  const execCommand = vi.fn<(command: string) => boolean>();
  beforeEach(() => {
    execCommand.mockReset();
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    useToastStore.getState().clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyToClipboard('hello')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    let copied = '';
    execCommand.mockImplementation(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await expect(copyToClipboard('fallback text')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('fallback text');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('the button confirms with its toast, or says copying failed', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    execCommand.mockReturnValueOnce(true).mockReturnValueOnce(false);
    // fireEvent, not user-event: user-event installs its own navigator.clipboard.
    render(
      <>
        <CopyButton text="abc" successMessage="API key copied to clipboard!" aria-label="Copy API key" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('API key copied to clipboard!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText(/Could not copy to the clipboard/)).toBeInTheDocument();
  });
});
