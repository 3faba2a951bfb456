import { useId } from 'react';
import type { ReactNode } from 'react';
import { errorClasses, hintClasses, labelClasses } from './field-styles';

export interface FieldIds {
  /** The control's id (the given one, or a generated one). */
  fieldId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** The caller's aria-describedby, then the hint, then the error; undefined when empty. */
  describedBy: string | undefined;
}

/** Ids of a form control and of its hint and error message, and the aria-describedby linking them. */
export function useFieldIds(
  id: string | undefined,
  { hint, error, describedBy }: { hint?: ReactNode; error?: string; describedBy?: string },
  hintSuffix = 'hint',
): FieldIds {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-${hintSuffix}` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return { fieldId, hintId, errorId, describedBy: [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The error under a field (referenced by the control's aria-describedby). */
export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  return error ? (
    <p id={id} className={errorClasses}>
      {error}
    </p>
  ) : null;
}

export interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  /** Adds "(Optional)" after the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The control, with id={ids.fieldId} and aria-describedby={ids.describedBy}. */
  children: ReactNode;
}

/** Label above, hint and error below: the frame of TextField, TextareaField and SelectField. */
export function FieldShell({ ids, label, optional, hint, error, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={ids.fieldId} className={labelClasses}>
        {label}
        {optional && <span className="font-normal text-gray-600 dark:text-gray-300"> (Optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
