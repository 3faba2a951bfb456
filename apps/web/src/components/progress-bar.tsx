import { useId } from 'react';
import { cn } from '@/lib/cn';

export type ProgressTone = 'blue' | 'green' | 'amber' | 'red' | 'violet';

const fills: Record<ProgressTone, string> = {
  blue: 'bg-blue-700 dark:bg-blue-400',
  green: 'bg-green-700 dark:bg-green-400',
  amber: 'bg-amber-600 dark:bg-amber-400',
  red: 'bg-red-700 dark:bg-red-400',
  violet: 'bg-violet-700 dark:bg-violet-400',
};

export interface ProgressBarProps {
  value: number;
  max?: number;
  min?: number;
  /** Visible label above the bar; also its accessible name. */
  label: string;
  /** Hide the label visually (still the accessible name). */
  hideLabel?: boolean;
  /** Text on the right of the label and in aria-valuetext, e.g. "42 / 100". */
  valueText?: string;
  /** Colour; 'auto' turns amber past 75% and red past 90%. */
  tone?: ProgressTone | 'auto';
  className?: string;
}

export function ProgressBar({
  value,
  max = 100,
  min = 0,
  label,
  hideLabel,
  valueText,
  tone = 'blue',
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const span = max - min || 1;
  const clamped = Math.min(max, Math.max(min, value));
  const percent = ((clamped - min) / span) * 100;
  const resolvedTone: ProgressTone = tone === 'auto' ? (percent > 90 ? 'red' : percent > 75 ? 'amber' : 'blue') : tone;
  return (
    <div className={className}>
      <div className={cn('mb-1.5 flex items-center justify-between gap-2 text-sm', hideLabel && 'sr-only')}>
        <span id={labelId} className="font-medium text-gray-800 dark:text-gray-200">
          {label}
        </span>
        {valueText && <span className="text-gray-600 dark:text-gray-300">{valueText}</span>}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={clamped}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuetext={valueText}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div className={cn('h-full rounded-full transition-[width]', fills[resolvedTone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
