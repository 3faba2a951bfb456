import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, useFieldIds } from './field-shell';
import { inputBorder, inputClasses } from './field-styles';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: ReactNode;
  options: ReadonlyArray<SelectOption>;
  hint?: ReactNode;
  error?: string;
  containerClassName?: string;
}

/** A labelled native select, styled like TextField. */
export function SelectField({
  label,
  options,
  hint,
  error,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  ...rest
}: SelectFieldProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={containerClassName}>
      <div className="relative mt-1.5">
        <select
          id={ids.fieldId}
          className={cn(inputClasses, inputBorder(Boolean(error)), 'appearance-none pr-10', className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-600 dark:text-gray-300"
          aria-hidden="true"
        />
      </div>
    </FieldShell>
  );
}
