import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './form-errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The messages shown under a form's fields. `showErrors` sets them and, once they are drawn,
 * moves focus to the first invalid field of the form behind `formRef`.
 */
export function useFieldErrors<K extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  // Focus moves in an effect, once React has committed the messages (aria-invalid with them): an
  // animation frame requested beside setErrors is not ordered after that commit, and in a test
  // worker shared between files the focus once stayed on the submit button (register-form.test).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const showErrors = (next: FieldErrors<K>) => {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  };
  /**
   * Once a field shows an error, each change re-checks it against `latest` (the whole form's errors
   * for the new values): the message goes as soon as the field is fixed, not at the next submit.
   * A field without a shown error stays quiet while it is being typed.
   */
  const recheck = (field: K, latest: FieldErrors<K>) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _shown, ...rest } = current;
      const next = latest[field];
      return (next ? { ...rest, [field]: next } : rest) as FieldErrors<K>;
    });
  };
  return { formRef, errors, setErrors, showErrors, recheck };
}
