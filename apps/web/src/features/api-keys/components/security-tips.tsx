import { Lock } from 'lucide-react';

const TIPS = [
  'Keep keys secret: never put them in browser code, mobile apps or public repositories.',
  'Store keys in environment variables or a secrets manager on your server.',
  'Use one key per app or environment, and delete keys you no longer use.',
  'Rotate keys regularly, and delete a key at once if you think it has leaked.',
  'Watch your usage for unexpected spikes.',
];

export function SecurityTips() {
  return (
    <ul className="space-y-3">
      {TIPS.map((tip) => (
        <li key={tip} className="flex items-start gap-3 text-sm text-gray-700 dark:text-gray-200">
          <Lock className="mt-0.5 size-4 shrink-0 text-blue-700 dark:text-blue-300" aria-hidden="true" />
          {tip}
        </li>
      ))}
    </ul>
  );
}
