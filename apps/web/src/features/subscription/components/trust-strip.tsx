import { BadgeCheck, Lock, RotateCcw, ShieldCheck } from 'lucide-react';

const ITEMS = [
  { label: 'Secure Payment', icon: ShieldCheck },
  { label: '256-bit SSL Encryption', icon: Lock },
  { label: 'PCI Compliant', icon: BadgeCheck },
  { label: '30-day Money Back', icon: RotateCcw },
];

export function TrustStrip() {
  return (
    <ul
      aria-label="Payment security"
      className="flex flex-wrap items-center justify-center gap-x-8 gap-y-3 rounded-2xl border border-gray-200 bg-white px-6 py-5 text-sm font-medium text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-200"
    >
      {ITEMS.map(({ label, icon: Icon }) => (
        <li key={label} className="flex items-center gap-2">
          <Icon className="size-5 text-green-700 dark:text-green-400" aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
