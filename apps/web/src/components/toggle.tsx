import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Visible label; it is also the switch's accessible name. */
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Hide the label visually (it still names the switch). */
  hideLabel?: boolean;
}

/** An on/off switch: Radix's Switch (role="switch", Space and Enter flip it), with label and description. */
export function Toggle({ checked, onChange, label, description, disabled, id, className, hideLabel }: ToggleProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const labelId = `${switchId}-label`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className={cn('min-w-0', hideLabel && 'sr-only')}>
        <span id={labelId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="block text-sm text-gray-600 dark:text-gray-300">
            {description}
          </span>
        )}
      </div>
      <Switch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-gray-900',
          'disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-blue-700 dark:bg-blue-500' : 'bg-gray-500 dark:bg-gray-500',
        )}
      >
        <Switch.Thumb
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </Switch.Root>
    </div>
  );
}
