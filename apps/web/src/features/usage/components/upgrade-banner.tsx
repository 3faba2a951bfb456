import { ArrowRight, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { capitalize } from '@/lib/format';

/** Shown when a bigger plan exists; leads to the plans screen. */
export function UpgradeBanner({ plan, nextPlan }: { plan: string; nextPlan: string | null }) {
  const titleId = useId();
  const target = nextPlan ? capitalize(nextPlan) : null;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-blue-700 to-violet-700 p-6 text-white shadow-md shadow-blue-700/20 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-4">
        <span className="rounded-xl bg-white/15 p-3">
          <Sparkles className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Need more capacity?
          </h2>
          <p className="mt-1 text-sm text-blue-50">
            You are on the {capitalize(plan)} plan.{' '}
            {target
              ? `${target} raises your hourly and daily limits.`
              : 'A bigger plan raises your hourly and daily limits.'}
          </p>
        </div>
      </div>
      <Link
        to="/subscription"
        className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-blue-800 shadow-sm hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-blue-700"
      >
        {target ? `Upgrade to ${target}` : 'View plans'}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
