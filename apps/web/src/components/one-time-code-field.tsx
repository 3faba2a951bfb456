import type { TextFieldProps } from './text-field';
import { TextField } from './text-field';

/**
 * The field for a two-factor code: the browser and password managers offer the code
 * (autocomplete one-time-code), nothing corrects its spelling, and the keyboard stays a text one,
 * since a recovery code has letters. Sign-in, the two-factor settings and the email change use it.
 */
export function OneTimeCodeField(props: Omit<TextFieldProps, 'name' | 'autoComplete' | 'inputMode' | 'spellCheck'>) {
  return <TextField name="code" autoComplete="one-time-code" inputMode="text" spellCheck={false} {...props} />;
}
