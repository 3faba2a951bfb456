import { BarChart3, ChevronRight, CreditCard, Key, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/card';

interface QuickAction {
  /** The short paths (docs/product-decisions.md#app-shell); they redirect to /app/…. */
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  tone: string;
}

const ACTIONS: QuickAction[] = [
  {
    to: '/generate',
    label: 'Generate Alt Text',
    description: 'Describe an image or a batch',
    icon: Sparkles,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  },
  {
    to: '/api-keys',
    label: 'Manage API Keys',
    description: 'Create, reveal or revoke keys',
    icon: Key,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  },
  {
    to: '/usage',
    label: 'View Usage',
    description: 'Trends, response times, limits',
    icon: BarChart3,
    tone: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  },
  {
    to: '/subscription',
    label: 'Manage Subscription',
    description: 'Compare plans and upgrade',
    icon: CreditCard,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
];

export function QuickActions() {
  return (
    <Card>
      <CardHeader title="Quick Actions" />
      <ul className="space-y-2">
        {ACTIONS.map(({ to, label, description, icon: Icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex items-center gap-3 rounded-xl border border-gray-200 p-3 transition-colors hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-gray-800 dark:hover:border-blue-800 dark:hover:bg-blue-950/40 dark:focus-visible:ring-blue-400"
            >
              <span className={`rounded-lg p-2 ${tone}`}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-gray-900 dark:text-white">{label}</span>
                <span className="block text-sm text-gray-600 dark:text-gray-300">{description}</span>
              </span>
              <ChevronRight
                className="size-4 text-gray-500 transition-transform group-hover:translate-x-0.5 dark:text-gray-400"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
