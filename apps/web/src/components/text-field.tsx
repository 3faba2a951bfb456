import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { errorClasses, hintClasses, inputBorder, inputClasses, labelClasses } from './field-styles';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={containerClassName}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
        {optional && <span className="font-normal text-gray-600 dark:text-gray-300"> (Optional)</span>}
      </label>
      <div className="relative mt-1.5">
        <input
          id={inputId}
          className={cn(inputClasses, inputBorder(Boolean(error)), endAdornment ? 'pr-11' : undefined, className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...rest}
        />
        {endAdornment && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{endAdornment}</div>}
      </div>
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}
