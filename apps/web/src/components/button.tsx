import { useState } from 'react';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'gradient';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-offset-white dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-gray-900 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-700 text-white shadow-sm hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-500',
  gradient:
    'bg-gradient-to-r from-blue-700 to-violet-700 text-white shadow-md shadow-blue-700/20 hover:from-blue-800 hover:to-violet-800',
  secondary:
    'bg-gray-100 text-gray-900 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
  outline:
    'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  ghost: 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Classes of a button, for links that look like one: <Link className={buttonClasses({...})}>. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], fullWidth && 'w-full', className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, sets aria-busy and ignores presses (it stays focusable: aria-disabled). */
  isLoading?: boolean;
  /** Text shown while loading, e.g. "Signing in..." (default: the children). */
  loadingText?: ReactNode;
  /** An icon before the text (decorative; give it aria-hidden). */
  leftIcon?: ReactNode;
}

/**
 * A button. While it is busy, or when it is disabled while it has focus (a press that used up what
 * it acts on), it is aria-disabled rather than disabled: the browser drops focus to <body> from a
 * disabled button, which sends a keyboard user back to the top of the page. It ignores presses
 * then (a submit button's click is cancelled, so Enter in a field does not submit either); once
 * focus leaves, a disabled button is disabled for real (out of the tab order).
 */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth,
  isLoading = false,
  loadingText,
  leftIcon,
  className,
  disabled,
  children,
  type = 'button',
  onClick,
  onFocus,
  onBlur,
  ...rest
}: ButtonProps) {
  const [focused, setFocused] = useState(false);
  const inactive = Boolean(disabled) || isLoading;
  const keepsFocus = isLoading || (inactive && focused);
  const ignore = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, fullWidth, className })}
      disabled={inactive && !keepsFocus}
      aria-disabled={keepsFocus || undefined}
      aria-busy={isLoading || undefined}
      onClick={inactive ? ignore : onClick}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      {...rest}
    >
      {isLoading ? <Spinner /> : leftIcon}
      {isLoading ? (loadingText ?? children) : children}
    </button>
  );
}
