import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** A short mark beside the label (e.g. "Pro"), with a longer description for assistive technology. */
  badge?: { text: string; description: string };
}

export interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group, e.g. "Time range". */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange(value: T): void;
  className?: string;
}

/** Where each key moves in the ARIA radio pattern: every arrow (either orientation) wraps. */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A single choice among a few options, drawn as joined buttons: Radix's RadioGroup (an ARIA radio
 * group with roving focus: Tab enters on the checked option and leaves in one step). The keys
 * follow the ARIA radio pattern here, not in Radix: Radix moves focus a tick after keydown and
 * selects only if the key is still held by then, so a quick press (a screen reader's, a fast
 * typist's) moved focus without selecting. Every arrow selects the next or previous option,
 * wrapping; Home and End the first and last, so focus and selection never part.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange, className }: SegmentedControlProps<T>) {
  const baseId = useId();
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  // Capture phase, before the items' own handlers: preventDefault makes Radix skip its timed move.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = items.current.findIndex((item) => item === event.target);
    if (from === -1) return;
    event.preventDefault();
    const to = step(from, options.length);
    items.current[to]?.focus();
    if (options[to]!.value !== value) onChange(options[to]!.value);
  };

  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      loop
      onKeyDownCapture={onKeyDownCapture}
      className={cn('inline-flex max-w-full flex-wrap rounded-xl border border-gray-200 bg-gray-100 p-1 dark:border-gray-700 dark:bg-gray-800', className)}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        const badgeId = `${baseId}-badge-${index}`;
        return (
          <RadioGroup.Item
            key={option.value}
            ref={(element) => {
              items.current[index] = element;
            }}
            value={option.value}
            aria-describedby={option.badge ? badgeId : undefined}
            className={cn(
              'inline-flex min-w-12 items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400',
              checked
                ? 'bg-white text-blue-800 shadow-sm dark:bg-gray-950 dark:text-blue-200'
                : 'text-gray-700 hover:bg-white/60 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-700 dark:hover:text-white',
            )}
          >
            {option.label}
            {option.badge && (
              <span
                aria-hidden="true"
                className="rounded-full bg-violet-100 px-1.5 py-0.5 text-[0.6875rem] leading-none font-bold text-violet-800 dark:bg-violet-950 dark:text-violet-200"
              >
                {option.badge.text}
              </span>
            )}
          </RadioGroup.Item>
        );
      })}
      {/* Outside the options, so a description never joins an option's name. */}
      {options.map((option, index) =>
        option.badge ? (
          <span key={option.value} id={`${baseId}-badge-${index}`} hidden>
            {option.badge.description}
          </span>
        ) : null,
      )}
    </RadioGroup.Root>
  );
}
