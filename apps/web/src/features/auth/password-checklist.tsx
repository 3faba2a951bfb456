import { Check, Circle } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@altwise/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';

export const PASSWORD_RULES = [
  { id: 'length', label: `${PASSWORD_MIN_LENGTH}+ characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'Uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'lower', label: 'Lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { id: 'number', label: 'Number', test: (value: string) => /\d/.test(value) },
] as const;

export const PASSWORD_CHECKLIST_TITLE = 'Tips for a strong password';
/** What does block: the length (a field message) and the server's list of the most common passwords. */
export const PASSWORD_REQUIRED_NOTE = `Required: ${PASSWORD_MIN_LENGTH}+ characters, and not one of the most common passwords (such as “password1”).`;

/**
 * Live and informational only (SPEC: the checklist never blocks submission), so it is titled as tips and
 * an unmet item shows an empty circle, not a failure cross. `id` is the whole block, for the field's
 * aria-describedby.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const titleId = useId();
  return (
    <div id={id} className="mt-2 text-sm">
      <p id={titleId} className="font-medium text-gray-700 dark:text-gray-200">
        {PASSWORD_CHECKLIST_TITLE}
      </p>
      <ul aria-labelledby={titleId} className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1.5">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const Icon = met ? Check : Circle;
          return (
            <li
              key={rule.id}
              data-rule={rule.id}
              data-met={met}
              className={cn('flex items-center gap-1.5', met ? 'text-green-700 dark:text-green-400' : 'text-gray-600 dark:text-gray-300')}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{met ? 'Met: ' : 'Not met: '}</span>
              {rule.label}
            </li>
          );
        })}
      </ul>
      <p className="mt-1.5 text-gray-600 dark:text-gray-300">{PASSWORD_REQUIRED_NOTE}</p>
    </div>
  );
}
