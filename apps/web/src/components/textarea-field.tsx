import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell, useFieldIds } from './field-shell';
import { inputBorder, inputClasses } from './field-styles';

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Adds "(Optional)" after the label. */
  optional?: boolean;
  containerClassName?: string;
}

/** A labelled multi-line text input, styled like TextField. */
export function TextareaField({
  label,
  error,
  hint,
  optional,
  id,
  className,
  containerClassName,
  rows = 3,
  'aria-describedby': describedBy,
  ...rest
}: TextareaFieldProps) {
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <FieldShell ids={ids} label={label} optional={optional} hint={hint} error={error} className={containerClassName}>
      <textarea
        id={ids.fieldId}
        rows={rows}
        className={cn(inputClasses, inputBorder(Boolean(error)), 'mt-1.5 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </FieldShell>
  );
}
