import { useRef, useState } from 'react';
import { focusFirstInvalid } from './form-errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The messages shown under a form's fields. `showErrors` sets them and, once they are drawn,
 * moves focus to the first invalid field of the form behind `formRef`.
 */
export function useFieldErrors<K extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const showErrors = (next: FieldErrors<K>) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };
  return { formRef, errors, setErrors, showErrors };
}
