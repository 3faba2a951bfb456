import { Check, X } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@altwise/shared';
import { cn } from '@/lib/cn';

export const PASSWORD_RULES = [
  { id: 'length', label: `${PASSWORD_MIN_LENGTH}+ characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'Uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'lower', label: 'Lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { id: 'number', label: 'Number', test: (value: string) => /\d/.test(value) },
] as const;

/** Live, informational only: it never blocks submission. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? Check : X;
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
  );
}
