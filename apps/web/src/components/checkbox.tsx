import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, useFieldIds } from './field-shell';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
}

export function Checkbox({ label, description, error, id, className, ...rest }: CheckboxProps) {
  const { fieldId: inputId, hintId: descriptionId, errorId, describedBy } = useFieldIds(
    id,
    { hint: description, error },
    'description',
  );
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          className={cn(
            'mt-0.5 size-4 shrink-0 rounded border-gray-400 accent-blue-700 dark:accent-blue-400',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-gray-900',
          )}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        <div className="text-sm">
          <label htmlFor={inputId} className="text-gray-800 dark:text-gray-200">
            {label}
          </label>
          {description && (
            <p id={descriptionId} className="text-gray-600 dark:text-gray-300">
              {description}
            </p>
          )}
        </div>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
