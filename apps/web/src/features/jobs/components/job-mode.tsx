import type { Job } from '@altwise/sdk';
import type { JobMode } from '@altwise/shared';
import { ECONOMY_MODE_HINT } from '@altwise/shared';
import { SegmentedControl } from '@/components/segmented-control';
import { useJobModes } from '../api/get-job-modes';

const MODES = [
  { value: 'standard', label: 'Standard' },
  { value: 'economy', label: 'Economy' },
] as const;

const HINTS: Record<JobMode, string> = {
  standard: 'Standard: each image is described as soon as it is read.',
  // The server's words (docs/bulk-jobs.md "Economy mode"): what economy mode trades.
  economy: `Economy: ${ECONOMY_MODE_HINT}. Where the AI provider has no batch API, the job runs as a standard one and says so.`,
};

/** The new-job screen's choice of mode: live calls, or the provider's batch API at half the price. */
export function JobModeField({ value, onChange }: { value: JobMode; onChange(mode: JobMode): void }) {
  // The server says before the job starts how economy runs here (the job's own modeNote says it after).
  const modes = useJobModes();
  const economy = modes.data?.economy;
  const options = economy && !economy.available ? MODES.map((option) => (option.value === 'economy' ? { ...option, badge: { text: 'as standard', description: economy.note } } : option)) : MODES;
  const hint =
    value !== 'economy' || !economy
      ? HINTS[value]
      : economy.available
        ? `Economy: ${ECONOMY_MODE_HINT}. On this server: ${economy.note}`
        : `Economy: ${ECONOMY_MODE_HINT}, where the AI provider has a batch API. On this server: ${economy.note}`;
  return (
    <div className="space-y-1.5">
      {/* Seen; the radio group carries the same name for assistive technology. */}
      <p aria-hidden="true" className="text-sm font-medium text-gray-800 dark:text-gray-100">
        Processing mode
      </p>
      <SegmentedControl<JobMode> label="Processing mode" options={options} value={value} onChange={onChange} />
      <p className="text-sm text-gray-700 dark:text-gray-200" data-testid="job-mode-hint">
        {hint}
      </p>
    </div>
  );
}

/** The job page's line about its mode: asked and run, and why they differ (the server's note). */
export function JobModeSummary({ job }: { job: Pick<Job, 'mode' | 'effectiveMode' | 'modeNote'> }) {
  const name = (mode: JobMode) => (mode === 'economy' ? 'Economy' : 'Standard');
  return (
    <p className="mb-3 break-words text-sm text-gray-800 dark:text-gray-100" data-testid="job-mode">
      Mode: <strong>{name(job.effectiveMode)}</strong>
      {job.mode !== job.effectiveMode ? ` (asked: ${name(job.mode)})` : ''}
      {job.modeNote ? <span className="block text-gray-700 dark:text-gray-200">{job.modeNote}</span> : null}
    </p>
  );
}
