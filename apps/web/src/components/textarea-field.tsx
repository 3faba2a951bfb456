import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { errorClasses, hintClasses, inputBorder, inputClasses, labelClasses } from './field-styles';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={containerClassName}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
        {optional && <span className="font-normal text-gray-600 dark:text-gray-300"> (Optional)</span>}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        className={cn(inputClasses, inputBorder(Boolean(error)), 'mt-1.5 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
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
