import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from './button';
import type { ButtonSize, ButtonVariant } from './button';

/**
 * Copies text with the asynchronous Clipboard API, falling back to a hidden textarea and
 * execCommand where that API is missing or refused (plain HTTP, older browsers).
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): try the fallback below.
  }
  const active = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.appendChild(area);
  area.focus();
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus?.();
  return copied;
}

export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard. Please select the text and copy it manually.';

export interface CopyButtonProps {
  /** The text copied (a function to build or fetch it at click time; a rejection shows its message). */
  text: string | (() => string | Promise<string>);
  /** Toast shown after a successful copy. */
  successMessage?: string;
  /** Visible text (default "Copy"). */
  children?: ReactNode;
  /** Accessible name when the visible text is not specific enough, e.g. "Copy alt text". */
  'aria-label'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A button that copies text, confirms with a toast and briefly shows a check mark. */
export function CopyButton({
  text,
  successMessage = 'Copied to clipboard!',
  children = 'Copy',
  'aria-label': ariaLabel,
  variant = 'outline',
  size = 'sm',
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    let value: string;
    try {
      value = typeof text === 'function' ? await text() : text;
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : COPY_FAILED_MESSAGE);
      return;
    }
    const ok = await copyToClipboard(value);
    if (!ok) {
      toast.error(COPY_FAILED_MESSAGE);
      return;
    }
    toast.success(successMessage);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };

  const icon = copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />;
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={ariaLabel}
      onClick={() => void onClick()}
      leftIcon={icon}
      className={className}
    >
      {children}
    </Button>
  );
}
