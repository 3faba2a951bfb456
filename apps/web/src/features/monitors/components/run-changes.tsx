import type { MonitorRun } from '@altwise/sdk';
import { Card, CardHeader } from '@/components/card';
import { StatCard } from '@/components/stat-card';
import { formatNumber } from '@/lib/format';
import { coverageText } from '../monitor-texts';

type Change = NonNullable<MonitorRun['changes']>[number];

const nameText = (name: string | null) => (name === null ? 'no text alternative' : name === '' ? 'empty alt (decorative)' : `“${name}”`);

function ChangeList({ title, changes }: { title: string; changes: Change[] }) {
  if (changes.length === 0) return null;
  return (
    <section className="mt-6">
      <h3 className="mb-2 font-semibold text-gray-900 dark:text-white">{title}</h3>
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-testid={`changes-${changes[0]!.kind}`}>
        {changes.map((change) => (
          <li key={`${change.pageUrl} ${change.location}`} className="py-3 text-sm break-words text-gray-800 dark:text-gray-100">
            <p className="font-medium break-all">{change.pageUrl}</p>
            <p>{change.location}</p>
            {change.imageUrl && <p className="break-all text-gray-700 dark:text-gray-300">{change.imageUrl}</p>}
            <p>
              Was {change.before.verdict} ({nameText(change.before.accessibleName)}), now {change.after.verdict} ({nameText(change.after.accessibleName)})
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What changed in the last completed run since the one before: the counts, the coverage and the
 * failures per rule, then the regressions and fixes themselves (the API lists the first 100).
 */
export function RunChanges({ run }: { run: MonitorRun }) {
  const changes = run.changes ?? [];
  const rules = Object.entries(run.rules ?? {}).sort(([, a], [, b]) => b - a);
  const first = run.comparedWith === null;
  return (
    <Card>
      <CardHeader
        title="What changed"
        description={first ? `Run ${run.number} is the first: every image is new. The next run is compared with it.` : `Run ${run.number} compared with the run before it, image by image on each page.`}
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        <StatCard label="Coverage" value={coverageText(run.coverage)} tone="blue" />
        <StatCard label="Failing" value={formatNumber(run.failing ?? 0)} tone="red" />
        <StatCard label="New" value={formatNumber(run.new ?? 0)} tone="violet" />
        <StatCard label="Fixed" value={formatNumber(run.fixed ?? 0)} tone="green" />
        <StatCard label="Regressed" value={formatNumber(run.regressed ?? 0)} tone="red" />
        <StatCard label="Removed" value={formatNumber(run.removed ?? 0)} tone="amber" />
      </div>
      {rules.length > 0 && (
        <section className="mt-6">
          <h3 className="mb-2 font-semibold text-gray-900 dark:text-white">Failures per rule</h3>
          <ul className="space-y-1 text-sm text-gray-800 dark:text-gray-100">
            {rules.map(([rule, count]) => (
              <li key={rule}>
                <code className="break-all">{rule}</code>: {formatNumber(count)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ChangeList title="Regressed" changes={changes.filter((change) => change.kind === 'regressed')} />
      <ChangeList title="Fixed" changes={changes.filter((change) => change.kind === 'fixed')} />
      {!first && changes.length === 0 && <p className="mt-4 text-gray-700 dark:text-gray-200">Nothing regressed and nothing was fixed since the run before.</p>}
    </Card>
  );
}
