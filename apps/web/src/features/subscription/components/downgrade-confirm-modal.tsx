import type { Plan } from '@altwise/shared';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { formatNumber } from '@/lib/format';

/** What leaving `from` for `to` takes away at once: its features the target lacks, and the lower limits. */
export function lostOnDowngrade(from: Plan, to: Plan): string[] {
  const lost = from.features.filter((feature) => !to.features.includes(feature));
  if (from.batchAllowed && !to.batchAllowed && !lost.some((feature) => /batch/i.test(feature))) lost.unshift('Batch processing');
  lost.push(
    `Limits drop to ${formatNumber(to.limits.requestsPerHour)} requests an hour and ${formatNumber(to.limits.requestsPerDay)} a day`,
  );
  return lost;
}

export interface DowngradeConfirmModalProps {
  from: Plan | undefined;
  to: Plan | null;
  onCancel(): void;
  onConfirm(plan: Plan): void;
}

/** A downgrade takes effect immediately (SPEC FAQ): it is confirmed first, naming what goes. */
export function DowngradeConfirmModal({ from, to, onCancel, onConfirm }: DowngradeConfirmModalProps) {
  const open = Boolean(from && to);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={to ? `Downgrade to ${to.name}?` : ''}
      description={from && to ? `The change takes effect immediately. Leaving the ${from.name} plan removes:` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Keep {from?.name ?? 'my plan'}
          </Button>
          <Button variant="danger" onClick={() => to && onConfirm(to)}>
            Downgrade to {to?.name}
          </Button>
        </>
      }
    >
      {from && to && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800 dark:text-gray-200" data-testid="downgrade-losses">
          {lostOnDowngrade(from, to).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
