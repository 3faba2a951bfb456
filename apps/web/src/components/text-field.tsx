import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, useFieldIds } from './field-shell';
import { inputBorder, inputClasses } from './field-styles';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: ReactNode;
  /** Shown under the field and linked by aria-describedby; sets aria-invalid. */
  error?: string;
  hint?: ReactNode;
  /** Adds "(Optional)" after the label. */
  optional?: boolean;
  /** Rendered inside the input box on the right (e.g. a toggle button). */
  endAdornment?: ReactNode;
  containerClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  optional,
  endAdornment,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <FieldShell ids={ids} label={label} optional={optional} hint={hint} error={error} className={containerClassName}>
      <div className="relative mt-1.5">
        <input
          id={ids.fieldId}
          className={cn(inputClasses, inputBorder(Boolean(error)), endAdornment ? 'pr-11' : undefined, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        {endAdornment && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{endAdornment}</div>}
      </div>
    </FieldShell>
  );
}
